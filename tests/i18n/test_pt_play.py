"""The play page and the tables page in Brazilian Portuguese (issue 14): every greyed-out
action's reason, label, table line, announcement and scoreboard text over random positions of
all nine presets, the pages' own words (widgets built without a browser), the friendly errors
of the tables service, and a few words checked one by one (Truco!, Seis!, Aceito, Corro,
mão de onze, mão de ferro, encoberta, Quero, ir ao baralho).

The coach's own sentences (its explanations and reviews) belong to the coach's catalog and
are checked there; here the panels show stand-ins for them.
"""

from __future__ import annotations

import asyncio
import contextvars
import random
import re
import threading
from types import SimpleNamespace
from typing import Any, Iterator

import pytest

from .english import assert_portuguese
from truco_learn.engine import VARIANTS, HandState, apply_legal, deal_hand, make_options, new_hand
from truco_learn.engine.actions import RAISE
from truco_learn.engine.state import legal_actions, legal_codes, step
from truco_learn.i18n import language
from truco_learn.i18n.catalogs import extract
from truco_learn.play.adaptive import AdaptiveLevel
from truco_learn.play.menu import action_bar, card_items
from truco_learn.play.session import BotMove, MatchSession, describe_action, seat_names
from truco_learn.play.view import table_view
from truco_learn.widgets.table_render import announcement, table_json

PT = "pt-BR"
# Portuguese words that are also on the English list ("chance de ganhar")
ALLOW = frozenset({"chance"})
STATES = 400  # random positions per preset
# keys of the table's JSON whose strings are code, not words
_CODE_KEYS = {"action", "cover_action", "card", "variant", "outcome", "position", "manilha"}
_ARIA = re.compile(r'aria-label="([^"]*)"|<title>([^<]*)</title>')
_TAG = re.compile(r"<[^>]+>")


def _run(coro: Any) -> Any:
    """Run ``coro`` on a loop of its own in a thread of its own (the browser tests' Playwright
    keeps an event loop running in the main thread for the whole session), in the caller's
    language."""
    out: dict[str, Any] = {}
    context = contextvars.copy_context()  # the language chosen by the caller's block

    def target() -> None:
        try:
            out["value"] = context.run(asyncio.run, coro)
        except BaseException as exc:  # re-raised in the caller
            out["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")


def _plain(html: str) -> str:
    text = re.sub(r"<style.*?</style>|<script.*?</script>", " ", html, flags=re.S)
    labels = " ".join(a or b for a, b in _ARIA.findall(text))
    text = _TAG.sub(" ", text) + " " + labels
    return re.sub(r"\s+", " ", text).replace("&lt;", "<").replace("&gt;", ">").replace(
        "&amp;", "&").replace("&#x27;", "'").replace("&quot;", '"').strip()


def json_words(data: Any, key: str = "") -> Iterator[str]:
    """Every text a learner may read in a table view (cards' accessible names included)."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from json_words(v, k)
    elif isinstance(data, list):
        for v in data:
            yield from json_words(v, key)
    elif isinstance(data, str) and key not in _CODE_KEYS:
        yield _plain(data) if data.startswith("<") else data


def _random_states(variant: str, rng: random.Random, n: int) -> Iterator[HandState]:
    """``n`` positions of random play (raises often), from scores that reach the hand of
    eleven, the iron hand and the end of the match."""
    o = make_options(variant)
    scores = [(0, 0), (o.eleven_at, 3), (2, o.eleven_at), (o.eleven_at, o.eleven_at),
              (o.target - 3, 5), (6, 4), (o.target - 1, o.target - 2)]
    made = 0
    while made < n:
        s = deal_hand(o, rng.randrange(o.seats), rng.choice(scores), rng)
        while made < n:
            made += 1
            yield s
            if s.over:
                break
            codes = legal_codes(s)
            raises = [c for c in codes if c == RAISE]
            s = apply_legal(s, raises[0] if raises and rng.random() < 0.4 else rng.choice(codes))


def _menu_messages() -> list[str]:
    """The English of every sentence menu.py can write (the catalog's own list)."""
    cat = extract()["play"]
    return [m.id for m in cat if isinstance(m.id, str) and m.id
            and any(p == "truco_learn/play/menu.py" for p, _ in m.locations)]


def _pattern(pt: str) -> re.Pattern[str]:
    parts = re.split(r"\{[a-z_]+\}", pt)
    return re.compile("(?:^|.)" + "(.+?)".join(re.escape(p) for p in parts) + "(?:.|$)", re.S)


# Sentences of menu.py no position of the nine presets shows (each is still checked in
# Portuguese below): the fallback for a case the rules never leave open; the ladder's name for
# a value no preset's ladder has; the hand of eleven's decision as seen by a seat that is not
# to act (the "not your turn" reason comes first); envido and dropping out in a hand of eleven
# or an iron hand (no preset with envido has them); the covered cards of a table no preset is.
NEVER_SHOWN = {"Not allowed now.", "raise to {value}", "Raise to {value}", "hand of {points}",
               "Raise", "Your partner decides this {hand}.", "No covered cards at a {table} table.",
               "The other team decides whether to play this {hand}.",
               "No envido in a hand of eleven or an iron hand.",
               "No dropping out in a hand of eleven or an iron hand.",
               # a pointless raise at a four-seat table (two-seat games have their own words,
               # "your {points} points"): random four-seat play seldom gets there
               "Raising would be pointless: your team's {points} points plus the {value} you "
               "would accept already reach {target}, so accepting alone wins you the game.",
               "Pointless raise: your team's {points} points plus the stake {stake} already "
               "reach {target}, so winning this hand as it stands already wins you the game."}


def _built_states(variant: str) -> Iterator[HandState]:
    """Positions random play seldom reaches: both teams hold a flor, then a contraflor."""
    if not make_options(variant).flor:
        return
    flor = [["4C", "5C", "6C"], ["4H", "5H", "6H"], ["7S", "QS", "KS"], ["4D", "5D", "6D"]]
    s = new_hand(variant, dealer=1, vira=None, hands=flor[:make_options(variant).seats])
    yield s
    yield step(s, "contraflor")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_reason_label_table_line_and_announcement(variant: str) -> None:
    rng = random.Random(f"pt-play/{variant}")
    o = make_options(variant)
    seen: set[str] = set()
    with language(PT):
        names = seat_names(o.seats, 0, "coach")
        before: dict[str, Any] | None = None
        for s in [*_built_states(variant), *_random_states(variant, rng, STATES)]:
            for seat in range(o.seats):
                for item in action_bar(s, seat, names):
                    seen |= {item.label, item.reason}
                for card in card_items(s, seat, names):
                    seen |= {card.reason, card.cover_reason}
                for card in card_items(s, seat):  # the menu names the others itself
                    seen |= {card.reason}
                view = table_view(s, seat, names)
                seen |= {view.status, view.mode_text, view.pending_text, *view.team_names}
                seen |= {t.text for t in view.tricks}
            if not s.over:
                seen |= {describe_action(s, s.to_act, a, names) for a in legal_actions(s)}
            for deck in ("french", "spanish"):
                data = table_json(table_view(s, 0, names), deck=deck, hand_number=1)
                seen |= set(json_words(data))
            data = table_json(table_view(s, 0, names), hand_number=1)
            seen.add(announcement(before, data))
            before = None if s.over else data
    seen.discard("")
    for text in sorted(seen):
        assert_portuguese(text, variant, allow=ALLOW)
    assert len(seen) > 40


def test_every_reason_of_the_menu_is_reached_and_in_portuguese() -> None:
    """Every sentence of menu.py shows up in some preset's random positions (so the check
    above covers every greyed-out reason), and in Portuguese."""
    seen: set[str] = set()
    with language(PT):
        for variant in VARIANTS:
            rng = random.Random(f"pt-menu/{variant}")
            o = make_options(variant)
            names = seat_names(o.seats, 0, "coach")
            for s in [*_built_states(variant), *_random_states(variant, rng, STATES)]:
                for seat in range(o.seats):
                    for nm in (names, None):
                        seen |= {x for i in action_bar(s, seat, nm) for x in (i.label, i.reason)}
                        seen |= {x for c in card_items(s, seat, nm)
                                 for x in (c.reason, c.cover_reason)}
        from truco_learn.i18n import translations
        play = translations("pt_BR", "play")  # as menu.py reads them: its own catalog first
        missing = []
        for msg in _menu_messages():
            pt = play.gettext(msg)
            assert_portuguese(re.sub(r"\{\w+\}", "2", pt), msg, allow=ALLOW)
            if msg in NEVER_SHOWN:
                continue
            assert pt != msg or not re.search(r"[a-z]{3}", msg) or msg in (
                "truco", "seis", "nove", "dez", "doze", "retruco", "Truco!", "{call}!", "Envido",
                "Real envido", "Falta envido", "Flor", "Contraflor"), msg
            if not any(_pattern(pt).search(t) for t in seen):
                missing.append(msg)
    assert not missing, "\n".join(missing)


def test_the_words_are_the_table_s_words() -> None:
    """A few translations checked one by one."""
    with language(PT):
        names = ("Você", "Treinador")
        h = new_hand("paulista-2p", dealer=1, vira="7D",
                     hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
        bar = {i.action: i for i in action_bar(h, 0, names)}
        assert bar["raise"].label == "Truco!"
        assert (bar["accept"].label, bar["fold"].label) == ("Aceito", "Corro")
        assert bar["accept"].reason == "Não há pedido para responder."
        h2 = step(h, "raise")
        bar = {i.action: i for i in action_bar(h2, 1, names)}
        assert bar["raise"].label == "Seis!"
        assert card_items(h2, 1, names)[0].reason == (
            "Primeiro responda ao truco: aceite, corra ou aumente.")
        assert describe_action(h, 0, "raise", names) == "Você pede truco (3 pontos)."
        assert describe_action(h, 0, "play:QC", names) == "Você joga a dama de paus, zap."
        assert "encoberta" in card_items(h, 0, names)[0].cover_reason
        assert card_items(h, 0, names)[0].cover_reason == (
            "Não se joga carta encoberta no Paulista mano a mano.")
        data = table_json(table_view(h, 0, names))
        assert data["manilha_text"].startswith("Manilhas: as damas (zap")
        assert announcement(None, data).startswith("Mão 1. Vira: 7 de ouros.")
        eleven = deal_hand(make_options("paulista-2p"), 1, (11, 4), random.Random(2))
        bar = {i.action: i for i in action_bar(eleven, eleven.to_act, names)}
        assert bar["onze:play"].label == "Jogar a mão de onze"
        assert "mão de onze" in bar["raise"].reason
        mineiro = deal_hand(make_options("mineiro-2p"), 1, (10, 4), random.Random(2))
        bar = {i.action: i for i in action_bar(mineiro, mineiro.to_act, names)}
        assert bar["onze:fold"].label == "Correr da mão de dez"
        iron = deal_hand(make_options("paulista-2p"), 1, (11, 11), random.Random(2))
        assert "mão de ferro" in action_bar(iron, iron.to_act, names)[0].reason
        assert table_view(iron, 0, names).mode_text.startswith("Mão de ferro:")
        arg = deal_hand(make_options("argentino-2p"), 1, (0, 0), random.Random(2))
        labels = {i.action: i.label for i in action_bar(arg, 0, names)}
        assert labels["accept"] == "Quero" and labels["fold"] == "Não quero"
        assert labels["drop"] == "Vou ao baralho" and labels["real_envido"] == "Real envido"
        assert seat_names(4, 0, "coach") == ("Você", "Treinador (direita)", "Parceiro",
                                             "Treinador (esquerda)")
    # and the English is untouched
    assert {i.action: i.label for i in action_bar(h, 0)}["fold"] == "Run"


# ---------------------------------------------------------------- the play page

def widget_words(w: Any) -> Iterator[str]:
    """Every text a widget tree shows: descriptions, tooltips, options, HTML, the table's
    words and view."""
    from truco_learn.widgets.table import TableWidget
    from truco_learn.widgets.tables_keeper import InviteBox

    if isinstance(w, TableWidget):  # its words are templates the browser fills in
        yield from (re.sub(r"\{\w+\}", "2", t) for t in w.words.values())
        yield from json_words(dict(w.view))
        yield from (w.announce, w.message, w.thinking)
        return
    if isinstance(w, InviteBox):
        yield from w.words.values()
        return
    for attr in ("description", "tooltip"):
        value = getattr(w, attr, None)
        if isinstance(value, str):
            yield value
    labels = getattr(w, "_options_labels", None)
    if labels:
        yield from labels
    value = getattr(w, "value", None)
    if type(w).__name__ == "HTML" and isinstance(value, str):
        yield _plain(re.sub(r'<p class="tl-summary">.*?</p>', "", value, flags=re.S))
    for child in getattr(w, "children", ()):
        yield from widget_words(child)


def _fake_review(self: MatchSession) -> list[Any]:
    """The coach's review, with its sentences in Portuguese (they are the coach's catalog's)."""
    return [SimpleNamespace(index=0, action="accept", best="fold", ev_taken=-1.0, ev_best=0.2,
                            loss=1.2, label="mistake", reason="Erro: correr custava menos."),
            SimpleNamespace(index=1, action="play:QC", best="play:QC", ev_taken=0.1,
                            ev_best=0.1, loss=0.0, label="good", reason="Boa.")]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_play_page(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from truco_learn.widgets.play_app import PlayApp

    monkeypatch.setattr(MatchSession, "review_hand", _fake_review)
    rng = random.Random(f"pt-page/{variant}")
    seen: set[str] = set()
    with language(PT):
        app = PlayApp(variant, level="easy", bot="random", seed=3)
        app.deck.value = "spanish" if variant.startswith(("argentino", "gauderio")) else "french"
        seen |= set(widget_words(app.widget))
        clicks = 0
        while not app.session.match_over and clicks < 300:  # type: ignore[union-attr]
            acts = app.table.enabled_actions()
            assert acts, app.table.message
            app.click(rng.choice(acts))
            clicks += 1
            if clicks == 5:
                app.explain_live.value = False
                app.four_colour.value = True
            seen |= set(widget_words(app.widget))
            seen |= {m.text for m in app.session.hand_moves()}  # type: ignore[union-attr]
            grey = [b for b in app.table.view["bar"] if not b["enabled"]]
            if clicks == 3 and grey and not app.session.hand_over:  # type: ignore[union-attr]
                app.click("truco")  # no move at all: a friendly message, nothing changes
                assert app.table.message == (
                    "A mesa não conhece essa jogada. Nada mudou: tente de novo.")
                seen.add(app.table.message)
                app.click(grey[0]["action"])  # a greyed-out action: the rule, in words
                assert app.table.message.startswith(("Pedir mais", "Aceitar", "Correr",
                                                     "Cantar", "Dizer", "Ir ao", "Jogar"))
                assert app.table.message.endswith(grey[0]["reason"])
                seen.add(app.table.message)
        assert app.session.match_over, clicks  # type: ignore[union-attr]
        app.click("next-hand")  # after the match: the page says so
        seen.add(app.table.message)
        app.level.value = "adaptive"
        app.new_match()
        seen |= set(widget_words(app.widget))
    seen.discard("")
    for text in sorted(seen):
        assert_portuguese(text, f"play page {variant}", allow=ALLOW)
    assert "Nova partida" in seen and "Variante" in seen


def test_the_panels_and_the_adaptive_level() -> None:
    from truco_learn.widgets.panels import explanation_html, review_html

    with language(PT):
        move = BotMove(1, 1, "Treinador", "raise", "Treinador pede truco (3 pontos).",
                       {"summary": "Tenho o zap.", "samples": 40,
                        "facts": {"stake": 1, "ladder": [1, 3, 6, 9, 12]},
                        "options": [{"action": "raise", "ev": 1.2, "win": 0.8},
                                    {"action": "play:QC", "ev": -0.4, "win": 0.7},
                                    {"action": "cover:3S", "ev": 0.1, "win": 0.5},
                                    {"action": "fold", "ev": -1.0, "win": 0.0}]})
        why = _plain(explanation_html([move]))
        assert "pedir truco (3)" in why and "+1,20" in why and "−0,40" in why and "80%" in why
        texts = [why, _plain(explanation_html([])), _plain(review_html(None)),
                 _plain(review_html([])), _plain(review_html(_fake_review(None))),  # type: ignore[arg-type]
                 _plain(review_html(_fake_review(None)[1:], "Mão 2"))]  # type: ignore[arg-type]
        # the label is said once, styled, even when the coach's sentence starts with it
        assert "Erro : correr custava menos." in texts[4] and texts[4].count("Erro") == 1
        a = AdaptiveLevel()
        texts.append(a.note)
        for won in (True, True, True, False, False, True, False, True, True, True, True, True):
            a.record(won)
            texts.append(a.note)
        assert "nível normal" in texts[-10]
    for t in texts:
        assert_portuguese(t, "panels", allow=ALLOW)


# ---------------------------------------------------------------- the tables page

def _tables_page() -> Any:
    from truco_learn.widgets.tables_app import TablesPage

    return TablesPage(base="http://127.0.0.1:9/truco/api/", query="", start=False)


def test_the_tables_page_static_words() -> None:
    with language(PT):
        page = _tables_page()
        seen = set(widget_words(page.lobby)) | set(widget_words(page.join_box))
        for variant in VARIANTS:
            page.variant.value = variant
            seen |= set(widget_words(page.seat_box))
        seen |= set(widget_words(page.play_box))
        t = _table("gauderio-4p", ["human", "human", "bot:coach", "human"])
        listed = {k: v for k, v in t.public_view().items()} | {"free_seats": t.free_seats()}

        class Listing:
            async def tables(self) -> list[dict[str, Any]]:
                return [listed]

        page.client = Listing()  # type: ignore[assignment]
        _run(page.refresh())  # the open tables, as the service lists them
        seen |= set(widget_words(page.tables_list))
        assert any(s.startswith("Gaúcho (gaudério), 4 pessoas: Ana, Bia, Bot treinador")
                   for s in seen), seen
        page._on_message({"type": "closed"})
        seen |= set(widget_words(page.message))
        for kind in ("create", "join_by_name"):  # no name yet: the page asks for one
            args = () if kind == "create" else ("t1", " ")
            with pytest.raises(Exception) as refused:
                _run(getattr(page, kind)(*args))
            seen.add(str(refused.value))
    seen.discard("")
    for text in sorted(seen):
        assert_portuguese(text, "tables page", allow=ALLOW)
    assert {"Criar mesa", "Entrar na mesa", "Copiar o link do convite", "Adversário da direita",
            "Bot treinador", "Argentino, 4 pessoas"} <= seen


def _table(variant: str, seats: list[str], **flags: Any) -> Any:
    from truco_learn.tables.table import Table, new_table_spec

    t = Table(new_table_spec("t1", {"variant": variant, "seats": seats, **flags}, 7))
    for i, kind in enumerate(seats):
        if kind == "human":
            t.join(["Ana", "Bia", "Caio", "Duda"][i])
    return t


@pytest.mark.parametrize("variant", ["paulista-4p", "gauderio-2p", "mineiro-4p"])
def test_the_tables_page_draws_a_match(variant: str) -> None:
    """Every state of a random match at a table (people and bots), as each seat's page and a
    spectator's draw it, with the players list, the votes and the signals."""
    n = make_options(variant).seats
    seats = ["human"] * (n - 1) + ["bot:coach"]
    flags = {"votes": True, "signals": True} if n == 4 else {}
    t = _table(variant, seats, **flags)
    rng = random.Random(5)
    seen: set[str] = set()
    with language(PT):
        pages = [_tables_page() for _ in range(n + 1)]
        for steps in range(400):
            if t.match.over:
                break
            for k, page in enumerate(pages):
                page.on_message(t.state_for(k if k < n else None))
                if steps % 7 == 0:
                    seen |= set(widget_words(page.play_box))
            h = t.hand
            if t.vote is not None and rng.random() < 0.5:
                for voter in t.vote.seats:
                    done = t.cast_vote(voter, rng.choice(t.vote.legal))
                    if done:
                        t.vote = None
                        t.act(h.to_act, done)
                        break
                continue
            if t.may_signal(h.to_act) and rng.random() < 0.3:
                t.send_signal(h.to_act)
                continue
            t.act(h.to_act, rng.choice(legal_actions(h)))
        for k, page in enumerate(pages):
            page.on_message(t.state_for(k if k < n else None))
            seen |= set(widget_words(page.play_box))
        pages[0]._on_message({"type": "review", "hand": 2, "items": [
            {"index": 0, "action": "fold", "best": "accept", "ev_taken": -1, "ev_best": 0,
             "loss": 1, "label": "blunder", "reason": "Aceitar valia mais."}]})
        seen |= set(widget_words(pages[0].play_box))
    seen.discard("")
    for text in sorted(seen):
        assert_portuguese(text, f"tables {variant}", allow=ALLOW)
    assert any(s.startswith("Placar:") or s == "Placar" for s in seen)


def _service_errors() -> list[str]:
    """The English errors a learner can meet, made by the real service, table and client."""
    from truco_learn.errors import TrucoError
    from truco_learn.tables.client import TablesClient
    from truco_learn.tables.service import TableService
    from truco_learn.tables.store import TableStore

    out: list[str] = []

    def grab(fn: Any, *args: Any) -> None:
        try:
            fn(*args)
        except TrucoError as exc:
            out.append(str(exc))
        else:
            raise AssertionError(f"{fn} refused nothing")

    t = _table("paulista-4p", ["human", "human", "human", "bot:coach"], votes=True)
    h = t.hand
    other = (h.to_act + 1) % 4
    grab(t.act, other, legal_actions(h)[0])
    grab(t.act, h.to_act, "onze:play")
    grab(t.join, "x" * 200)
    grab(t.join, None, None, "no-such-token")
    grab(t.send_signal, h.to_act)
    grab(t.cast_vote, h.to_act, "accept")
    t.act(h.to_act, "raise")
    grab(t.cast_vote, t.vote.seats[0], "play:4C")
    s = _table("paulista-4p", ["human"] * 4, signals=True)
    grab(s.send_signal, (s.hand.to_act + 1) % 4)
    s.send_signal(s.hand.to_act)
    grab(s.send_signal, s.hand.to_act)
    rng = random.Random(1)
    over = _table("paulista-2p", ["human", "human"])
    while not over.match.over:
        over.act(over.hand.to_act, rng.choice(legal_actions(over.hand)))
    grab(over.act, 0, "raise")
    service = TableService(TableStore(":memory:"))
    service._adopt(t)
    grab(service.table, "nope")
    grab(service.connect, "t1", None, lambda m: None)
    sent: list[dict[str, Any]] = []
    _seat, token, _new = t.join("Eva", watch=True)
    conn = service.connect("t1", token, sent.append)
    service.receive(conn, '{"type": "act", "action": "raise"}')
    out += [m["message"] for m in sent if m.get("type") == "error"]
    grab(TablesClient, None)

    async def unreachable() -> None:
        await TablesClient("http://127.0.0.1:9/truco/api/").tables()

    grab(lambda: _run(unreachable()))
    out.append("the table refused the connection (403)")  # a stale token at the WebSocket
    return out


def test_the_service_errors_become_the_learner_s_sentences(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    from truco_learn.tables.friendly import friendly

    monkeypatch.delenv("TRUCO_LEARN_TABLES_URL", raising=False)
    errors = _service_errors()
    assert len(errors) >= 14, errors
    with language(PT):
        said = [friendly(e) for e in errors]
        page = _tables_page()
        page._on_message({"type": "error", "message": errors[0]})
        assert page.table.message == said[0]
    generic = "Não deu certo. Nada mudou: tente de novo."
    for english, pt in zip(errors, said):
        assert pt != generic, f"no sentence for the service's {english!r}"
        assert_portuguese(pt, english, allow=ALLOW)
    assert said[0] == "Não é a sua vez: agora é a vez de Bot treinador."  # the bot named too
    # English: the learner's sentences too, never the service's developer words
    english = [friendly(e) for e in errors]
    assert all(said != e for said, e in zip(english, errors)), list(zip(english, errors))
    assert not any("token" in said for said in english)
    assert english[0] == "It is not your turn: Coach bot is to act."
    assert friendly("something new") == "something new"  # no sentence for it: the service's
    with language(PT):
        assert friendly("something new") == generic


def test_the_reviews_of_a_table_speak_the_page_s_language(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The page opens its WebSocket with its language; the service reviews that seat's
    decisions in it (the coach's catalog does the words)."""
    from truco_learn.i18n import current
    from truco_learn.tables import reviews as reviews_module
    from truco_learn.tables.reviews import review_message
    from truco_learn.tables.service import TableService
    from truco_learn.tables.store import TableStore

    said: list[str] = []

    def fake_review(hand: Any, seat: int, level: str, seed: int, **_: Any) -> list[Any]:
        said.append(current())
        return [SimpleNamespace(index=0, action="fold", best="accept", loss=1.0,
                                label="mistake", reason=current())]

    monkeypatch.setattr(reviews_module, "review", fake_review)
    h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    assert review_message(h, 0, 1, 3, "pt_BR")["items"][0]["reason"] == "pt_BR"
    assert review_message(h, 0, 1, 3)["items"][0]["reason"] == "en"
    service = TableService(TableStore(":memory:"))
    t = _table("paulista-2p", ["human", "human"])
    service._adopt(t)

    async def seated() -> list[str]:  # the service's clocks run on the page's loop
        conns = [service.connect("t1", tok, lambda m: None, lang) for tok, lang in
                 zip(t.players, ["pt-BR", "klingon"])]
        return [c.lang for c in conns]

    try:
        assert _run(seated()) == ["pt_BR", "en"]
    finally:
        service.close()


def test_a_stuck_bot_and_a_crash_are_said_in_portuguese() -> None:
    from truco_learn.bots import Decision
    from truco_learn.widgets.play_app import PlayApp

    class Cheat:
        name = "cheat"

        def decide(self, observation: Any) -> Decision:
            return Decision("play:ZZ", {})

    class Boom:
        name = "boom"

        def decide(self, observation: Any) -> Decision:
            raise RuntimeError("kaboom")

    with language(PT):
        app = PlayApp("paulista-2p", bot="random", seed=5)
        real = app.session.bots[1]  # type: ignore[union-attr]
        for bot, said in ((Cheat(), "Um bot não conseguiu fazer a jogada dele. Clique em "
                                    "Continuar para ele tentar de novo."),
                          (Boom(), "Desculpe, algo deu errado (RuntimeError). O jogo ficou "
                                   "como estava: tente de novo ou comece uma nova partida.")):
            app.session.bots[1] = bot  # type: ignore[union-attr]
            app.click(next(a for a in app.table.enabled_actions() if a.startswith("play:")))
            assert app.table.message == said
            assert app.table.enabled_actions() == ["continue"]
            assert app.table.view["next"]["label"] == "Continuar"
            app.session.bots[1] = real  # type: ignore[union-attr]
            app.click("continue")
            assert app.table.message == ""
            if app.session.hand_over:  # type: ignore[union-attr]
                app.click("next-hand")
                app.session.run_bots()  # type: ignore[union-attr]
                app.redraw()


# ---------------------------------------------------------------- envido and flor on the table
def test_envido_and_flor_on_the_table_in_portuguese() -> None:
    """The learner's envido points, the flor marks and the log of envido, flor and drops, the
    halves of the scoreboard: in Portuguese, as gaúcho tables say them."""
    from truco_learn.play.bets_view import hand_start_events, settle_events

    with language(PT):
        names = ("Você", "Treinador")
        h = new_hand("argentino-2p", dealer=1, hands=[["7S", "AS", "KC"], ["6H", "4H", "AD"]])
        data = table_json(table_view(h, 0, names), deck="spanish")
        assert data["envido_count"] == (
            "Você tem 28 de envido: 7 de espadas e as de espadas, 20 + 7 + 1.")
        assert data["target_text"] == "15 malas, depois 15 buenas"
        assert data["manilha_text"].startswith("Cartas mais altas: ancho de espadas (A♠)")
        from truco_learn.widgets.table_render import table_words
        assert table_words()["my_envido"] == "Meus pontos de envido"
        e = step(h, "envido")
        assert table_view(e, 0, names).status == "Você cantou envido: Treinador precisa responder."
        assert describe_action(e, 1, "accept", names) == "Treinador diz quero ao canto de envido."
        assert describe_action(e, 1, "fold", names) == (
            "Treinador diz não quero ao canto de envido.")
        assert describe_action(h, 0, "drop", names) == "Você vai ao baralho."
        assert settle_events(e, step(e, "accept"), 0, names) == [
            "Pontos de envido: 28 para você, 30 para Treinador.",
            "Treinador: +2 pontos pelo envido."]
        t = step(step(h, "raise"), "raise")
        assert {i.action: i.label for i in action_bar(t, 0, names)}["raise"] == "Vale quatro!"
        assert card_items(t, 0, names)[0].reason == (
            "Primeiro responda ao retruco: quero, não quero ou um canto mais alto.")
        g = new_hand("gauderio-2p", dealer=1, hands=[["4D", "5D", "6C"], ["7H", "6H", "5H"]])
        assert hand_start_events(g, 0, names) == ["Treinador tem flor.",
                                                  "Treinador: +3 pontos pela flor."]
        assert table_json(table_view(g, 1, names[::-1]))["envido_count"].startswith(
            "Você tem flor: 38 pontos")
        from truco_learn.widgets.panels import explanation_html
        move = BotMove(1, 1, "Treinador", "fold", "x",
                       {"summary": "x", "options": [{"action": "accept", "ev": 1.0},
                                                    {"action": "fold", "ev": -1.0}]})
        html = explanation_html([move], quiero=True)
        assert "<td>quero</td>" in html and "<td>não quero</td>" in html


@pytest.mark.parametrize("variant", ["argentino-2p", "argentino-4p", "gauderio-2p",
                                     "gauderio-4p"])
def test_the_log_of_random_argentine_matches_is_portuguese(variant: str) -> None:
    seen: set[str] = set()
    with language(PT):
        for seed in range(3):
            s = MatchSession(variant, bot="heuristic", seed=seed)
            rng = random.Random(seed)
            for _ in range(150):
                s.run_bots()
                if s.match_over:
                    break
                if s.hand_over:
                    seen |= set(s.events) | {s.result.text}
                    s.next_hand()
                    continue
                seen |= {table_json(table_view(s.hand, s.seat, s.names))["envido_count"]}
                s.act(rng.choice(s.legal()))
    seen.discard("")
    assert any("envido" in t for t in seen)
    for text in sorted(seen):
        assert_portuguese(text, variant, allow=ALLOW)
