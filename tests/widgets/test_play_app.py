"""The play page driven from Python, the way clicks would drive it."""

import random

import pytest

from truco_learn.bots import Decision
from truco_learn.engine import VARIANTS
from truco_learn.widgets.play_app import PlayApp


def count_widgets(w) -> int:
    kids = getattr(w, "children", ())
    return 1 + sum(count_widgets(k) for k in kids)


def hand_actions(app):
    return [c["action"] for c in app.table.view["hand"]]


def test_the_page_is_a_handful_of_widgets() -> None:
    app = PlayApp(bot="random", seed=1)
    assert count_widgets(app.widget) <= 12


def test_start_shows_the_learners_turn_with_only_legal_actions_enabled() -> None:
    app = PlayApp("paulista-2p", bot="random", seed=5)
    s = app.session
    assert s.learner_to_act and app.table.thinking == ""
    assert sorted(app.table.enabled_actions()) == sorted(s.legal())
    v = app.table.view
    assert v["variant"] == "paulista-2p" and len(v["seats"]) == 2 and v["your_turn"]
    assert [x["points"] for x in v["score"]] == [0, 0] and v["stake"] == 1
    assert all(c["svg"].startswith("<svg") for c in v["hand"])


def test_clicking_a_card_plays_it_and_the_bot_answers_with_an_explanation() -> None:
    app = PlayApp("paulista-2p", bot="coach", level="easy", seed=3)
    card = next(a for a in app.table.enabled_actions() if a.startswith("play:"))
    thinking = []
    app.table.observe(lambda c: thinking.append(c["new"]), "thinking")
    app.table.click(card)
    played = [p["card"] for t in app.table.view["tricks"] for p in t["plays"]]
    assert card[5:] in played
    assert any(t.endswith("is thinking…") for t in thinking) and app.table.thinking == ""
    moves = app.session.hand_moves(public=not app.session.hand_over)
    assert moves and moves[-1].explanation["summary"] in app.why.value.replace("&#x27;", "'")


def _card_texts(cards) -> list[str]:
    from truco_learn.bots.sentences import card_text
    from truco_learn.engine.cards import card_str

    return [card_text(card_str(c)) for c in cards]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_why_panel_names_no_card_the_coach_still_holds_until_the_hand_is_over(seed) -> None:
    app = PlayApp("paulista-2p", bot="coach", level="easy", seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not app.session.hand_over:
        s = app.session
        if s.hand_moves():
            held = _card_texts(s.hand.left[1 - s.seat])
            panel = app.why.value
            assert not [c for c in held if c in panel], (held, panel)
            checked += 1
        app.table.click(rng.choice(app.table.enabled_actions()))
    full = app.session.hand_moves()
    assert full and checked
    panel = app.why.value.replace("&#x27;", "'")
    assert all(m.explanation["summary"] in panel for m in full)  # the full reasons, now


def test_an_illegal_click_is_refused_with_the_rule_and_changes_nothing() -> None:
    app = PlayApp("paulista-2p", bot="random", seed=5)
    before = app.session.match
    app.table.click("accept")
    assert app.session.match is before
    assert "There is no raise to answer" in app.table.message
    reasons = app.table.disabled_reasons()
    assert reasons["accept"] == "There is no raise to answer."
    app.table.click(app.table.enabled_actions()[0])
    assert app.table.message == ""


def play_match_by_clicking(app, rng, max_clicks=3000) -> int:
    hands_reviewed = 0
    for _ in range(max_clicks):
        acts = app.table.enabled_actions()
        assert acts, app.table.view["status"]
        if app.session.match_over:
            assert acts == ["new-match"]
            return hands_reviewed
        if app.session.hand_over:
            assert acts == ["next-hand"]
            assert "reviewed" in app.review.value
            hands_reviewed += 1
        app.table.click(rng.choice(acts))
        assert not app.table.message, app.table.message
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("variant", ["paulista-2p", "mineiro-4p"])
def test_a_whole_match_by_clicking(variant: str) -> None:
    app = PlayApp(variant, bot="random", seed=2)
    reviewed = play_match_by_clicking(app, random.Random(4))
    assert reviewed >= 1
    assert max(x["points"] for x in app.table.view["score"]) >= 12
    assert "match" in app.table.view["status"]
    app.table.click("new-match")
    assert [x["points"] for x in app.table.view["score"]] == [0, 0]


def test_setup_choices() -> None:
    app = PlayApp("paulista-2p", bot="random", seed=1)
    assert "of " in app.table.view["hand"][0]["label"]  # french names
    app.deck.value = "spanish"
    assert " de " in app.table.view["hand"][0]["label"]
    app.four_colour.value = True
    app.variant.value = "paulista-4p"
    assert len(app.table.view["seats"]) == 2  # applies on New match
    app.level.value = "strong"
    app.new_button.click()
    assert len(app.table.view["seats"]) == 4 and app.session.level == "strong"
    assert [o[1] for o in app.variant.options] == list(VARIANTS)


def test_explanations_can_wait_for_the_end_of_the_hand() -> None:
    app = PlayApp("paulista-2p", bot="random", seed=2)
    app.explain_live.value = False
    rng = random.Random(1)
    while not app.session.hand_over:
        app.table.click(rng.choice(app.table.enabled_actions()))
        if not app.session.hand_over and app.session.hand_moves():
            assert "will be explained after the hand" in app.why.value
    assert "random among" in app.why.value  # the random bot's reasons, now shown


class Boom:
    name = "boom"

    def decide(self, observation) -> Decision:
        raise RuntimeError("kaboom\nTraceback (most recent call last): secret")


def test_a_crash_becomes_a_friendly_message_and_the_game_is_kept() -> None:
    app = PlayApp("paulista-2p", bot="random", seed=5)
    bomb = Boom()
    real = app.session.bots[1]
    app.session.bots[1] = bomb
    before_moves = list(app.session.moves)
    app.table.click(next(a for a in app.table.enabled_actions() if a.startswith("play:")))
    msg = app.table.message
    assert msg.startswith("Sorry, something went wrong (RuntimeError)")
    assert "Traceback" not in msg and "kaboom" not in msg
    assert app.session.moves == before_moves and app.session.bot_to_act
    assert app.table.enabled_actions() == ["continue"]
    app.session.bots[1] = real
    app.table.click("continue")
    assert app.table.message == "" and not app.session.bot_to_act


def test_garbage_from_the_browser_is_ignored() -> None:
    app = PlayApp("paulista-2p", bot="random", seed=5)
    before = app.session.match
    for content in [None, 3, {"kind": "action"}, {"kind": "action", "action": 7}, {"x": 1}]:
        app.table._handle_front_msg(app.table, content, [])
    assert app.session.match is before and app.table.message == ""
    app.table._handle_front_msg(app.table, {"kind": "action", "action": "<script>"}, [])
    assert app.session.match is before and "unknown action" in app.table.message


def test_the_page_never_looks_idle_at_the_end_of_a_hand_before_the_review_is_in() -> None:
    """The browser sees every trait change in order: while "Next hand" is offered and nothing
    is thinking, the review panel must already be filled (the browser test clicks on idle)."""
    app = PlayApp("paulista-2p", bot="random", seed=3)
    seen_idle_without_review: list[str] = []

    def check(_change: object) -> None:
        nxt = app.table.view.get("next")
        if nxt and nxt["action"] == "next-hand" and not app.table.thinking:
            if "reviewed" not in app.review.value:
                seen_idle_without_review.append(app.table.view["status"])

    app.table.observe(check, names=["view", "thinking"])
    rng = random.Random(9)
    hands = 0
    for _ in range(400):
        acts = app.table.enabled_actions()
        if app.session.hand_over:
            hands += 1
            if hands == 6:
                break
        app.table.click(rng.choice(acts))
    assert hands == 6
    assert seen_idle_without_review == []


@pytest.mark.parametrize("variant", ["paulista-2p", "argentino-2p"])
def test_the_page_never_looks_idle_while_a_bot_is_to_act(variant: str) -> None:
    """Every view the browser is sent while a bot is to act comes with the thinking indicator,
    also the first view of a new match that a bot opens (the browser tests, and a learner,
    take a table with nothing thinking for the learner's turn)."""
    app = PlayApp(variant, bot="random", seed=2)
    looked_idle: list[int] = []
    opened_by_a_bot = 0

    def check(_change: object) -> None:
        s = app.session
        if s is not None and s.bot_to_act and not app.table.thinking and not app.stalled:
            looked_idle.append(s.hand_number)

    app.table.observe(check, names=["view", "thinking"])
    rng = random.Random(4)
    for _ in range(12):
        app.table.click("new-match")
        log = app.session.hand.log
        opened_by_a_bot += bool(log) and log[0][0] != app.session.seat
        for _ in range(rng.randrange(1, 8)):
            acts = app.table.enabled_actions()
            if not acts:
                break
            app.table.click(rng.choice(acts))
    assert opened_by_a_bot > 0
    assert looked_idle == []


def test_the_coach_remembers_the_learner_in_the_next_match_of_the_same_variant() -> None:
    app = PlayApp("paulista-2p", bot="coach", level="easy", seed=6)
    play_match_by_clicking(app, random.Random(6))
    app.table.click("new-match")
    coach = app.session.bots[1]
    assert coach.coach.memory is not None and coach.coach.memory.matches == 1
    assert "tl-remembers" in app.adaptive_note.value
    assert app.adaptive_note in app.widget.children
    app.variant.value = "mineiro-2p"
    app.new_button.click()   # another game: the coach meets the learner afresh
    assert app.session.bots[1].coach.memory is None
    assert "tl-remembers" not in app.adaptive_note.value
