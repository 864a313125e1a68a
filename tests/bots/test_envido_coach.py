"""The coach on envido, flor and dropping out: it answers by sampling, and explains with its
points, the share of the other team's possible hands below them, and the worth of the move;
the review grades envido decisions too."""

from __future__ import annotations

from truco_learn.bots.coach import CoachBot
from truco_learn.bots.review import review
from truco_learn.engine import legal_actions, new_hand, observation, step

H = [["7S", "6S", "KC"], ["QH", "JD", "KS"]]  # seat 0: 33 (the best envido), seat 1: 0


def test_answering_an_envido_explains_points_and_share() -> None:
    s = step(new_hand("argentino-2p", dealer=1, hands=H[::-1]), "envido")  # seat 1 answers
    d = CoachBot("easy", seed=1, samples=30).decide(observation(s, 1))
    assert d.action in legal_actions(s)
    facts = d.explanation["facts"]
    assert facts["decision"]["kind"] == "envido"
    assert facts["envido"]["mine"] == 33 and facts["envido"]["share_below"] > 0.9
    assert d.explanation["summary"].startswith("I hold 33 for envido; of the hands they may "
                                               "hold, ")
    assert d.action in ("accept", "real_envido", "falta_envido", "envido")  # 33 cannot lose


def test_nothing_below_zero_and_the_coach_declines() -> None:
    s = step(new_hand("argentino-2p", dealer=1, hands=H), "falta_envido")  # seat 1 holds 0
    d = CoachBot("easy", seed=2, samples=30).decide(observation(s, 1))
    assert d.explanation["facts"]["envido"] == {"what": "envido", "stake": 1, "mine": 0,
                                                "share_below": 0.0,
                                                "calls": ["falta_envido"]}
    assert d.action == "fold" and "say no quiero" in d.explanation["summary"]


def test_the_flor_answer_is_explained() -> None:
    hands = [["5C", "4C", "KC"], ["7H", "6H", "AH"], ["3S", "2D", "QS"], ["JD", "5D", "4S"]]
    s = new_hand("gauderio-4p", dealer=3, hands=hands)
    d = CoachBot("easy", seed=3, samples=20).decide(observation(s, 1))
    assert d.action in ("flor", "contraflor", "contraflor_resto", "achico")
    assert d.explanation["summary"].startswith("I hold a flor of 34; of the flors they may hold")
    assert d.explanation["facts"]["envido"]["share_below"] > 0.5


def test_the_review_grades_an_envido_answer() -> None:
    s = new_hand("argentino-2p", dealer=1, hands=H[::-1])
    s = step(step(s, "envido"), "fold")  # seat 1 folds holding the best envido there is
    items = review(s, 1, level="easy", seed=4)
    [item] = [i for i in items if i.action == "fold"]
    assert item.best != "fold" and item.label != "good"
    assert "for envido" in item.reason
    # the learner's answer is named as said at the table, not as running from a raise
    assert "you said no quiero to the envido" in item.reason, item.reason
    assert "you ran" not in item.reason


def test_the_public_form_of_an_envido_answer_names_no_card() -> None:
    """The play page shows the public form of the coach's explanation during the hand; an
    envido answer (no card in the action) must read as a sentence, not crash."""
    from truco_learn.bots.sentences import public_explanation

    s = new_hand("argentino-2p", dealer=1, hands=[["7S", "4S", "KC"], ["7C", "5C", "KD"]])
    s = step(s, "envido")
    d = CoachBot("easy", seed=1).decide(observation(s, 1))
    public = public_explanation(d.explanation, d.action)
    assert public["summary"] and "{" not in public["summary"]
    assert "K♣" not in public["summary"] and "7♣" not in public["summary"]


def test_the_argentine_top_cards_are_named_as_there_not_as_manilhas() -> None:
    """An Argentine table has no manilhas: the coach calls the 7 of swords the siete de
    espadas, never the Paulista 'espadilha' (nor zap, copas, mole for the other top cards)."""
    import random

    from truco_learn.engine.cards import ARGENTINE_TOP, DECK, card_str

    rng = random.Random(12)
    said: list[str] = []
    for _ in range(40):
        deck = [card_str(c) for c in DECK]
        rng.shuffle(deck)
        top = card_str(rng.choice(ARGENTINE_TOP))  # every hand holds a top card
        deck.remove(top)
        s = new_hand("argentino-2p", dealer=rng.randrange(2),
                     hands=[[top] + deck[:2], deck[2:5]])
        while legal_actions(s) and len(said) < 400:
            seat = s.to_act
            d = CoachBot("easy", seed=rng.randrange(99), samples=10).decide(observation(s, seat))
            said.append(d.explanation["summary"])
            s = step(s, d.action)
    text = " ".join(said)
    assert any(name in text for name in ("ancho de espadas", "ancho de bastos",
                                         "siete de espadas", "siete de oros")), text[:500]
    for word in ("zap", "espadilha", "mole ", "copas ("):
        assert word not in text, word


def test_an_envido_bluff_says_so_with_how_often_they_say_no_quiero() -> None:
    """Holding 5 for envido the coach calls envido as a bluff (most of their hands beat 5):
    the sentence says it is a bluff and how often they said no quiero in its playouts, not
    that its share of lower hands is why it calls; a learner's own call is reviewed alike."""
    from truco_learn.bots.envido_explain import envido_summary
    from truco_learn.i18n import language

    s = new_hand("argentino-2p", dealer=1, hands=[["4H", "5S", "KC"], ["6D", "7C", "QH"]])
    d = CoachBot("normal", seed=0).decide(observation(s, 0))
    assert d.action == "envido"
    info = d.explanation["facts"]["envido"]
    assert info["mine"] == 5 and info["share_below"] < 0.5 and 0.2 < info["they_fold"] < 0.95
    summary = d.explanation["summary"]
    share = f"{round(100 * info['share_below'])}%"
    assert summary.startswith(f"I hold 5 for envido and {share} of the hands they may hold")
    assert "as a bluff" in summary
    assert f"they say no quiero about {round(100 * info['they_fold'])}%" in summary
    assert f"You hold 5 for envido and {share} of" in envido_summary(d.explanation, you=True)
    with language("pt-BR"):
        assert "de blefe" in envido_summary(d.explanation)


def test_a_strong_envido_call_says_how_often_they_say_no_quiero() -> None:
    s = new_hand("argentino-2p", dealer=1, hands=H)  # seat 0 holds 33, the best envido
    d = CoachBot("normal", seed=0).decide(observation(s, 0))
    assert d.action in ("envido", "real_envido", "falta_envido")
    summary = d.explanation["summary"]
    assert summary.startswith("I hold 33 for envido; of the hands they may hold, ")
    assert "They say no quiero about" in summary and "bluff" not in summary


def test_an_envido_move_chosen_for_the_game_says_so() -> None:
    """Behind 6 to 22 the coach may take the falta envido, worth fewer points than an envido,
    for its chance to win the game: the sentence says so rather than leave "worth −0.66
    against −0.41" unexplained."""
    from truco_learn.bots.envido_explain import envido_summary

    ex = {"options": [{"action": "envido", "ev": -0.41, "win": 0.39, "game": 0.165},
                      {"action": "falta_envido", "ev": -0.66, "win": 0.30, "game": 0.174}],
          "facts": {"decision": {"kind": "envido", "chosen": "falta_envido"},
                    "envido": {"what": "envido", "mine": 6, "share_below": 0.23,
                               "they_fold": 0.82}}}
    text = envido_summary(ex)
    assert text.endswith("Calling envido would score more points on average, but my chance to "
                         "win the game is higher this way (17% against 16%)."), text
    ex["options"][1]["game"] = 0.15  # chosen for no reason the numbers give: nothing added
    assert envido_summary(ex).endswith("for calling envido.")


def test_envido_sentences_name_every_move_in_words() -> None:
    """Another move while an envido is open (here a flor), a share sampled as none or all of
    their hands, and the points: in words a learner reads, with a real minus sign, in both
    languages (the English once printed the move's notation and "-0.45")."""
    from truco_learn.bots.envido_explain import envido_summary
    from truco_learn.i18n import language

    ex = {"options": [{"action": "flor", "ev": -0.2, "win": 0.4},
                      {"action": "accept", "ev": -0.45, "win": 0.3}],
          "facts": {"decision": {"kind": "envido", "chosen": "flor"},
                    "envido": {"what": "envido", "mine": 4, "share_below": 0.0}}}
    assert envido_summary(ex) == ("I hold 4 for envido; of the hands they may hold, under 1% "
                                  "have less, so I go for saying flor: worth −0.20 against "
                                  "−0.45 for accepting.")
    assert "so you go for saying flor" in envido_summary(ex, you=True)
    ex["facts"]["envido"]["share_below"] = 1.0
    assert "of the hands they may hold, over 99% have less" in envido_summary(ex)
    with language("pt-BR"):
        text = envido_summary(ex)
    assert "mais de 99%" in text and "escolho cantar flor" in text and "−0,20" in text, text


def test_a_call_on_a_middling_envido_is_not_named_a_bluff() -> None:
    """Only a call most of their possible hands clearly beat is a bluff: 30 points with 47% of
    their hands below (four seats: the better of two envidos) is a call on a fair envido."""
    from truco_learn.bots.envido_explain import BLUFF_BELOW, envido_summary

    def said(share: float) -> str:
        return envido_summary({"options": [{"action": "falta_envido", "ev": 1.6, "win": 0.2},
                                           {"action": "accept", "ev": -1.3, "win": 0.2}],
                               "facts": {"decision": {"kind": "envido", "chosen": "falta_envido"},
                                         "envido": {"what": "envido", "mine": 30,
                                                    "share_below": share, "they_fold": 0.6}}})
    assert "bluff" not in said(0.47) and "47% have less" in said(0.47)
    assert "as a bluff" in said(BLUFF_BELOW - 0.01)


def test_why_one_envido_call_beats_another_is_said_in_points() -> None:
    """Comparing two envido calls by their chance to win the hand (the truco's: "Calling real
    envido wins the hand more often (65% against 40%)") told a learner nothing about the
    envido; the sentence says which scores more, in both languages."""
    from truco_learn.bots.why_sentences import why_best
    from truco_learn.i18n import language

    opts = [{"action": "falta_envido", "ev": 7.1, "win": 0.4},
            {"action": "real_envido", "ev": 3.62, "win": 0.65}]
    facts = {"stake": 1, "decision": {"kind": "envido"}}
    said = why_best(opts, "falta_envido", facts, you=True)
    assert "wins the hand" not in said and "scores more points" in said and "+7.10" in said
    with language("pt-BR"):
        assert "marca mais pontos" in why_best(opts, "falta_envido", facts, you=True)
