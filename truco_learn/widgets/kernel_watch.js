// Watches the page's kernel: the server's record of it every few seconds (which does not count
// as activity, so idle culling still works), and, while the learner is active (clicked or typed
// in the last active_ms), a ping the kernel answers. When the kernel was stopped (idle too long, the server's limit, a
// crash) or stopped answering, the page says so and offers to reload; the learner's progress
// is in the store, so nothing is lost. It also makes sure the page's kernel is shut down when
// the learner leaves the page (see below).
function pageConfig() {
  const el = document.getElementById("jupyter-config-data");
  try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
}

export default {
  render({ model, el }) {
    el.classList.add("tl-kernel-watch");
    const cfg = pageConfig();
    const base = (cfg.baseUrl || "/").replace(/\/?$/, "/");
    const kernelId = cfg.kernelId;
    let waitingSince = null;  // the first unanswered ping
    let lastInput = Date.now();
    let seq = 0;
    let shown = false;
    let serverDown = 0;

    const show = (why) => {
      if (shown) return;
      shown = true;
      const box = document.createElement("div");
      box.className = "tl-kernel-gone";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:10000;padding:12px 16px;" +
        "background:#fff4e5;border-bottom:2px solid #b26a00;font:15px sans-serif;color:#222";
      const text = document.createElement("span");
      text.textContent = model.get(why === "server" ? "server_text" : "gone_text") + " ";
      const button = document.createElement("button");
      button.textContent = model.get("reload_label");
      button.className = "tl-kernel-reload";
      button.style.cssText = "margin-left:8px;padding:4px 12px;font:inherit;cursor:pointer";
      button.addEventListener("click", () => window.location.reload());
      box.append(text, button);
      document.body.append(box);
    };

    model.on("msg:custom", (msg) => {
      if (msg && msg.kind === "pong") waitingSince = null;
    });
    const active = () => { lastInput = Date.now(); };
    document.addEventListener("pointerdown", active, true);
    document.addEventListener("keydown", active, true);

    const check = async () => {
      if (shown) return;
      const now = Date.now();
      if (now - lastInput < model.get("active_ms")) {
        if (waitingSince === null) waitingSince = now;
        try { model.send({ kind: "ping", n: ++seq }); } catch (e) { /* comm closed */ }
      }
      if (kernelId) {
        try {
          const r = await fetch(`${base}api/kernels/${kernelId}`,
                                { credentials: "same-origin", cache: "no-store" });
          serverDown = 0;
          if (r.status === 404) return show("gone");
          if (r.ok) {
            const k = await r.json();
            if (k.execution_state === "dead") return show("gone");
          }
        } catch (e) {
          if (++serverDown >= 2) return show("server");
        }
      }
      if (waitingSince !== null && Date.now() - waitingSince > model.get("silence_ms")) {
        show("gone");
      }
    };
    // Voilà shuts the page's kernel down when the page is left (a beacon with the _xsrf
    // cookie), but a page opened straight from a link never got that cookie, so the beacon
    // was refused and the kernel stayed until culled: one idle kernel per page visited. Any
    // server page that renders a template sets it; the file tree is a small one.
    if (kernelId && !/(?:^|;\s*)_xsrf=/.test(document.cookie)) {
      fetch(`${base}voila/tree`, { credentials: "same-origin", cache: "no-store" })
        .catch(() => { /* the watch itself reports a server that does not answer */ });
    }
    const timer = setInterval(check, model.get("interval_ms"));
    return () => {
      clearInterval(timer);
      document.removeEventListener("pointerdown", active, true);
      document.removeEventListener("keydown", active, true);
    };
  },
};
