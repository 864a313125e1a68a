"""Two small browser-side helpers of the tables page (anywidgets, inline JavaScript).

- :class:`TokenKeeper` keeps a table's token in the browser (``localStorage``), so that
  reopening an invite link gets the person their seat back without asking the name again;
  while the page is open it sends a heartbeat every 2 seconds, so the page's kernel can tell
  the table when the person has closed the page (Voilà keeps the kernel running).
- :class:`InviteBox` shows the invite link with a button that copies it.

>>> k = TokenKeeper(table="t1")
>>> k.loaded, k.stored
(False, '')
>>> InviteBox(link="http://x/?table=t1").link
'http://x/?table=t1'
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["InviteBox", "TokenKeeper"]

_KEEPER_JS = """
export default {
  render({ model, el }) {
    el.style.display = "none";
    const key = () => "truco-learn-table-" + model.get("table");
    const load = () => {
      if (!model.get("table")) return;
      let v = "";
      try { v = window.localStorage.getItem(key()) || ""; } catch (e) { v = ""; }
      model.set("stored", v);
      model.set("loaded", true);
      model.save_changes();
    };
    const save = () => {
      const t = model.get("token");
      if (!t || !model.get("table")) return;
      try { window.localStorage.setItem(key(), t); } catch (e) {}
    };
    model.on("change:table", load);
    model.on("change:token", save);
    load();
    save();
    const beat = setInterval(() => model.send({ kind: "alive" }), 2000);
    return () => clearInterval(beat);
  }
};
"""

_INVITE_JS = """
export default {
  render({ model, el }) {
    el.classList.add("tl-invite");
    const label = document.createElement("label");  // names the field for screen readers
    label.textContent = "Invite link: ";
    const input = document.createElement("input");
    input.readOnly = true;
    input.className = "tl-invite-link";
    input.size = 60;
    const button = document.createElement("button");
    button.className = "tl-copy";
    button.textContent = "Copy invite link";
    const done = document.createElement("span");
    done.className = "tl-copied";
    const draw = () => { input.value = model.get("link"); };
    button.addEventListener("click", async () => {
      input.select();
      try { await navigator.clipboard.writeText(input.value); }
      catch (e) { try { document.execCommand("copy"); } catch (e2) {} }
      done.textContent = " Copied.";
    });
    model.on("change:link", draw);
    draw();
    label.append(input);
    el.append(label, button, done);
  }
};
"""


class TokenKeeper(anywidget.AnyWidget):
    """``stored``: the token this browser holds for ``table`` (``loaded`` once read);
    setting ``token`` stores it."""

    _esm = _KEEPER_JS
    table = traitlets.Unicode("").tag(sync=True)
    token = traitlets.Unicode("").tag(sync=True)
    stored = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)


class InviteBox(anywidget.AnyWidget):
    """The invite link and a button that copies it."""

    _esm = _INVITE_JS
    link = traitlets.Unicode("").tag(sync=True)
