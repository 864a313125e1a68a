"""The table widget and the JSON it draws."""

from truco_learn.engine import card_str, new_hand, step
from truco_learn.play.view import table_view
from truco_learn.widgets.panels import explanation_html, review_html
from truco_learn.widgets.table import TableWidget
from truco_learn.widgets.table_render import table_json

HANDS4 = [["3S", "4H", "5C"], ["2H", "KS", "6C"], ["6S", "AH", "JC"], ["QS", "5D", "7C"]]
NAMES4 = ("You", "Coach (right)", "Partner", "Coach (left)")


def test_esm_and_css_ship_inline_without_imports() -> None:
    t = TableWidget()
    assert "export default" in t._esm and "render" in t._esm
    assert "import " not in t._esm and "http" not in t._esm
    assert "http" not in t._css and "@import" not in t._css


def test_enabled_actions_are_empty_while_thinking() -> None:
    h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    t = TableWidget(view=table_json(table_view(h, 0, ("You", "Coach"))))
    assert sorted(t.enabled_actions()) == ["play:3S", "play:4H", "play:QC", "raise"]
    t.thinking = "Coach is thinking…"
    assert t.enabled_actions() == []


def test_four_seats_placed_around_the_learner_and_covered_cards_drawn_face_down() -> None:
    s = new_hand("paulista-4p", dealer=3, vira="7D", hands=HANDS4)
    for a in ["play:3S", "play:2H", "play:6S", "play:5D", "play:4H", "cover:6C"]:
        s = step(s, a)
    seen_by_0 = table_json(table_view(s, 0, NAMES4), deck="spanish")
    assert [x["position"] for x in seen_by_0["seats"]] == ["bottom", "right", "top", "left"]
    covered = seen_by_0["tricks"][1]["plays"][1]
    assert covered["card"] is None and "covered card" in covered["label"]
    assert "6" not in covered["label"] and "bastos" not in covered["svg"]
    names = ("Coach (left)", "You", "Coach (right)", "Partner")
    seen_by_1 = table_json(table_view(s, 1, names))
    assert "6 of clubs" in seen_by_1["tricks"][1]["plays"][1]["label"]  # the owner sees it
    assert [x["position"] for x in seen_by_1["seats"]] == ["left", "bottom", "right", "top"]
    assert seen_by_0["cover"] == {"possible": True, "enabled": False,
                                  "reason": "It is not your turn: Partner is to act."}
    assert all(len(x["backs"]) == x["cards_left"] for x in seen_by_0["seats"] if not x["learner"])


def test_iron_hand_cards_are_face_down_and_only_the_top_one_is_clickable() -> None:
    h = new_hand("paulista-2p", dealer=1, vira="7D", score=(11, 11),
                 hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    data = table_json(table_view(h, 0, ("You", "Coach")))
    assert [c["label"] for c in data["hand"]] == ["face-down card (iron hand)"] * 3
    assert [c["enabled"] for c in data["hand"]] == [True, False, False]
    assert "queen" not in "".join(c["svg"] for c in data["hand"])
    assert "Iron hand" in data["mode"]


def test_manilhas_and_vira() -> None:
    h = new_hand("paulista-2p", dealer=1, vira="7D", hands=[["QC", "3S", "4H"], ["2H", "5C", "KD"]])
    data = table_json(table_view(h, 0, ("You", "Coach")))
    assert data["hand"][0]["manilha"] == "zap" and ">ZAP<" in data["hand"][0]["svg"]
    assert data["vira_label"] == "Vira: 7 of diamonds" and "queens" in data["manilha_text"]
    m = new_hand("mineiro-2p", dealer=1, hands=[["4C", "3S", "4H"], ["2H", "5C", "KD"]])
    data = table_json(table_view(m, 0, ("You", "Coach")))
    assert data["vira"] is None and "4 of clubs, zap" in data["manilha_text"]
    assert data["hand"][0]["manilha"] == "zap"


def test_review_panel() -> None:
    from truco_learn.bots.review import ReviewItem

    from truco_learn.bots.review_sentences import review_reason

    why = review_reason("blunder", "fold", "accept", -1.0, 1.5, "I hold the zap.")
    bad = ReviewItem(1, "fold", "accept", -1.0, 1.5, 2.5, "blunder", why)
    good = ReviewItem(3, "play:QC", "play:QC", 1.0, 1.0, 0.0, "good", "")
    html = review_html([bad, good], "Coach won the hand: +1 point.")
    assert html.count("Blunder") == 1 and "you ran (−1.00)" in html
    assert "accepting was worth +1.50" in html and "You hold the zap." in html
    assert "1 other decision was fine" in html and "Coach won the hand" in html
    assert "No mistakes: your one decision was as good" in review_html([good])
    assert "all 2 of your decisions" in review_html([good, good])
    assert "other decision" not in review_html([bad])  # none left to call fine
    assert "No reviewer" in review_html(None)


def test_why_panel_escapes_and_orders_newest_first() -> None:
    from truco_learn.play.session import BotMove

    a = BotMove(1, 1, "Coach", "play:QC", "first", {"summary": "<b>x</b>", "options": []})
    b = BotMove(1, 1, "Coach", "raise", "second", {"summary": "y", "options": [
        {"action": "raise", "ev": None, "win": None}]})
    html = explanation_html([a, b])
    assert html.index("second") < html.index("first") and "&lt;b&gt;" in html
    assert "<b>x</b>" not in html and "–" in html
