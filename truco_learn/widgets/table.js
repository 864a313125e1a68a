// The truco table: draws the `view` trait and sends the learner's clicks to Python.
// No rules here: what is clickable, and why not, comes from Python. No imports, no CDN.
// No words either: every text comes from Python (the view, and the `words` trait), in the
// learner's language.

// The table's own words (`words` trait), with {fields} filled in.
let W = {};
function t(key, fields = {}) {
  return String(W[key] ?? key).replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
}

function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

// A button that may be greyed out. A disabled button gets no events, so it sits in a span that
// takes its place for the learner: reachable with Tab, and a tap or focus on it shows the reason
// in words (the `title` tooltip is only a bonus for a mouse).
function button(action, label, enabled, reason, cls, extra = "", spoken = "") {
  const b = `<button type="button" class="tl-btn ${cls}" data-action="${esc(action)}" ${extra} ` +
    (enabled ? "" : `disabled tabindex="-1"`) + `>${label}</button>`;
  if (enabled) return b;
  const name = t("not_now", { name: spoken || label, reason: reason || "" });
  return `<span class="tl-tip" tabindex="0" role="button" aria-disabled="true" ` +
    `data-for="${esc(action)}" data-reason="${esc(reason)}" data-name="${esc(spoken || label)}" ` +
    `aria-label="${esc(name)}" title="${esc(reason)}">${b}</span>`;
}

function dealerChip() {
  return `<span class="tl-chip" title="${esc(t("dealer"))}">${esc(t("dealer_chip"))}</span>`;
}

function maoChip() {
  return `<span class="tl-chip tl-mao" title="${esc(t("mao_title"))}">${esc(t("mao"))}</span>`;
}

function florChip() {
  return `<span class="tl-chip tl-flor" title="${esc(t("flor_title"))}">${esc(t("flor"))}</span>`;
}

function seatBox(s) {
  const chips = [s.dealer ? dealerChip() : "", s.mao ? maoChip() : "", s.flor ? florChip() : "",
    s.to_act ? `<span class="tl-chip tl-turn">${esc(t("to_play"))}</span>` : ""].join("");
  const cards = s.shown
    ? `<div class="tl-shown" title="${esc(t("partner_cards"))}">${s.shown.join("")}</div>`
    : `<div class="tl-backs" role="img" aria-label="${esc(s.backs_label)}">${s.backs.join("")}</div>`;
  return `<div class="tl-seat tl-${s.position}${s.to_act ? " tl-active" : ""}" data-seat="${s.seat}">` +
    `<div class="tl-seat-name">${esc(s.name)} ${chips}</div>${s.learner ? "" : cards}</div>`;
}

function trickBox(tr) {
  const plays = tr.plays.map((p) =>
    `<figure class="tl-play" data-card="${esc(p.card ?? "")}">${p.svg}` +
    `<figcaption>${esc(p.name)}</figcaption></figure>`).join("");
  const badge = tr.outcome ? `<span class="tl-badge tl-${tr.outcome}">${esc(tr.text)}</span>` : "";
  return `<section class="tl-trick" data-trick="${tr.number}" aria-label="${esc(tr.title)}">` +
    `<header>${esc(tr.title)} ${badge}</header><div class="tl-plays">${plays}</div></section>`;
}

function draw(model, el, state) {
  const v = model.get("view");
  const thinking = model.get("thinking");
  const message = model.get("message");
  W = model.get("words") || {};
  if (!v || !v.seats) return `<div class="tl-table tl-loading">${esc(t("shuffling"))}</div>`;
  if (!v.cover.enabled) state.cover = false;
  if (state.pointsHand !== v.hand_number) { state.points = false; state.pointsHand = v.hand_number; }
  const seats = v.seats.filter((s) => !s.learner).map(seatBox).join("");
  const me = v.seats.find((s) => s.learner);
  const tricks = [0, 1, 2].map((i) => v.tricks[i] ? trickBox(v.tricks[i]) :
    `<section class="tl-trick tl-empty" aria-hidden="true"><header>${esc(t("trick", { number: i + 1 }))}</header></section>`).join("");
  const busy = Boolean(thinking);
  const hand = v.hand.map((c, i) => {
    const covering = state.cover && c.cover_enabled;
    const action = covering ? c.cover_action : c.action;
    const enabled = !busy && (covering || (c.enabled && !state.cover));
    const reason = busy ? thinking : (state.cover ? c.cover_reason || c.reason : c.reason);
    const spoken = covering ? c.cover_name : c.play_name;
    return button(action, c.svg, enabled, reason, "tl-card-btn" + (c.manilha ? " tl-manilha" : ""),
      `data-index="${i}" aria-label="${esc(spoken)}"`, spoken);
  }).join("");
  const bar = v.hand_over ? "" : v.bar.map((b) => button(b.action, esc(b.label), b.enabled && !busy,
    busy ? thinking : b.reason, "tl-act tl-act-" + b.action.replace(":", "-"), "", b.label)).join("");
  const cover = v.cover.possible && !v.hand_over
    ? button("toggle-cover", esc(state.cover ? t("covering") : t("cover")),
      v.cover.enabled && !busy, busy ? thinking : v.cover.reason,
      "tl-act tl-act-cover" + (state.cover ? " tl-on" : ""), `aria-pressed="${state.cover}"`)
    : "";
  const points = v.envido_count
    ? button("toggle-envido", esc(t("my_envido")), true, "", "tl-act tl-act-points" +
      (state.points ? " tl-on" : ""), `aria-pressed="${state.points}"`)
    : "";
  const pointsText = v.envido_count && state.points
    ? `<p class="tl-envido-count" aria-label="${esc(t("envido_points"))}">${esc(v.envido_count)}</p>` : "";
  const next = v.next ? button(v.next.action, esc(v.next.label), !busy, thinking, "tl-act tl-next") : "";
  const score = v.score.map((s) =>
    `<div class="tl-score${s.mine ? " tl-mine" : ""}"><span>${esc(s.name)}</span>` +
    `<strong data-team-score="${s.mine ? "mine" : "theirs"}">${s.points}</strong>` +
    (s.half ? `<small class="tl-half">${esc(s.half)}</small>` : "") + `</div>`).join("");
  const target = esc(t("target", { target: v.target })) +
    (v.target_text ? `<small class="tl-halves">${esc(v.target_text)}</small>` : "");
  const events = v.events.map((e) => `<li>${esc(e)}</li>`).join("");
  return (
    `<div class="tl-table tl-seats-${v.seats.length}" data-variant="${esc(v.variant)}">` +
    `<div class="tl-head">` +
    `<div class="tl-scoreboard" role="group" aria-label="${esc(t("score"))}">${score}<div class="tl-target">${target}</div></div>` +
    `<div class="tl-stake" role="group" aria-label="${esc(t("stake"))}">${esc(t("hand_stake", { number: v.hand_number }))} <strong class="tl-stake-value">${v.stake}</strong>` +
    `${v.pending ? ` <span class="tl-pending">${esc(v.pending)}</span>` : ""}` +
    `${v.bet ? ` <span class="tl-pending tl-bet">${esc(v.bet)}</span>` : ""}</div>` +
    `<div class="tl-vira">${v.vira ?? ""}<div class="tl-manilha-text">${esc(v.vira_label)}` +
    `${v.vira_label ? "<br>" : ""}${esc(v.manilha_text)}</div></div></div>` +
    (v.mode ? `<div class="tl-mode">${esc(v.mode)}</div>` : "") +
    (v.envido_line ? `<div class="tl-envido-line">${esc(v.envido_line)}</div>` : "") +
    `<div class="tl-felt">${seats}<div class="tl-tricks">${tricks}</div></div>` +
    `<div class="tl-status">` +
    (busy ? `<span class="tl-spinner" aria-hidden="true"></span><span class="tl-thinking">${esc(thinking)}</span>`
      : `<span class="tl-status-text">${esc(v.status)}</span>`) + `</div>` +
    (message ? `<div class="tl-message" role="alert">${esc(message)}</div>` : "") +
    `<div class="tl-me${me && me.to_act ? " tl-active" : ""}">` +
    (me ? `<div class="tl-me-name">${esc(me.name)}${me.dealer ? " " + dealerChip() : ""}` +
      `${me.mao ? " " + maoChip() : ""}${me.flor ? " " + florChip() : ""}</div>` : "") +
    `<div class="tl-hand${state.cover ? " tl-covering" : ""}" role="group" aria-label="${esc(t("your_cards"))}">${hand}</div>` +
    `<div class="tl-bar" role="group" aria-label="${esc(t("actions"))}">${bar}${cover}${points}${next}</div>` +
    pointsText +
    `<p class="tl-reason" aria-live="off">${esc(state.reason)}</p></div>` +
    `<ol class="tl-events" tabindex="0" aria-label="${esc(t("events"))}">${events}</ol></div>`);
}

// Which control has the focus, by its action, so a redraw can give it back.
function focusKey(el) {
  const a = document.activeElement;
  if (!a || !el.contains(a)) return null;
  return a.dataset.for || a.dataset.action || null;
}

function restoreFocus(el, key) {
  if (key === null) return;
  const sel = (k) => `button[data-action="${CSS.escape(k)}"]:not([disabled]), .tl-tip[data-for="${CSS.escape(k)}"]`;
  const target = el.querySelector(sel(key)) ||
    el.querySelector(".tl-hand button:not([disabled]), .tl-bar button:not([disabled])") ||
    el.querySelector(".tl-hand .tl-tip, .tl-bar .tl-tip");
  if (target) target.focus({ preventScroll: true });
}

function showReason(el, state, tip) {
  state.reason = `${tip.dataset.name}: ${tip.dataset.reason}`;
  const p = el.querySelector(".tl-reason");
  if (p) p.textContent = state.reason;
}

function render({ model, el }) {
  const state = { cover: false, reason: "", points: false, pointsHand: null };
  el.classList.add("tl-host");
  el.innerHTML = '<div class="tl-live" role="status" aria-live="polite" aria-atomic="true"></div>' +
    '<div class="tl-table"></div>';
  const live = el.querySelector(".tl-live");
  const redraw = () => {
    const key = focusKey(el);
    const tpl = document.createElement("template");
    tpl.innerHTML = draw(model, el, state);
    el.querySelector(".tl-table").replaceWith(tpl.content.firstElementChild);
    restoreFocus(el, key);
  };
  const onClick = (event) => {
    const tip = event.target.closest(".tl-tip");
    if (tip && el.contains(tip)) {  // a tap on a greyed-out action: say why, do nothing
      showReason(el, state, tip);
      return;
    }
    const target = event.target.closest("button[data-action]");
    if (!target || target.disabled || !el.contains(target)) return;
    const action = target.dataset.action;
    state.reason = "";
    if (action === "toggle-cover") {
      state.cover = !state.cover;
      redraw();
      return;
    }
    if (action === "toggle-envido") {  // the learner's own envido points, on request
      state.points = !state.points;
      redraw();
      return;
    }
    state.cover = false;
    el.classList.add("tl-waiting");
    model.send({ kind: "action", action });
  };
  const onFocus = (event) => {
    const tip = event.target.closest && event.target.closest(".tl-tip");
    if (tip && el.contains(tip)) showReason(el, state, tip);
  };
  const onKey = (event) => {  // Space on a greyed-out action must not scroll the page
    if ((event.key === " " || event.key === "Enter") && event.target.classList?.contains("tl-tip")) {
      event.preventDefault();
      showReason(el, state, event.target);
    }
  };
  el.addEventListener("click", onClick);
  el.addEventListener("focusin", onFocus);
  el.addEventListener("keydown", onKey);
  const onChange = () => { el.classList.remove("tl-waiting"); state.reason = ""; redraw(); };
  const onAnnounce = () => { live.textContent = model.get("announce"); };
  model.on("change:view", onChange);
  model.on("change:thinking", onChange);
  model.on("change:message", onChange);
  model.on("change:announce", onAnnounce);
  model.on("change:words", onChange);
  redraw();
  return () => {
    el.removeEventListener("click", onClick);
    el.removeEventListener("focusin", onFocus);
    el.removeEventListener("keydown", onKey);
    model.off("change:view", onChange);
    model.off("change:thinking", onChange);
    model.off("change:message", onChange);
    model.off("change:announce", onAnnounce);
    model.off("change:words", onChange);
  };
}

export default { render };
