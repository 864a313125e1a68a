"""The stake calculator at (and near) break-even: no option is named best when the two are worth
the same, and the numbers the learner reads never contradict the verdict."""

from __future__ import annotations

import re

import pytest

from truco_learn.course.stakes import answer_values, call_values, eleven_values
from truco_learn.engine.options import PRESETS
from truco_learn.widgets.lesson_demos_stakes import StakeCalculatorView

P = (1, 3, 6, 9, 12)
M = (2, 4, 6, 10, 12)
EITHER = "so here: either way, they are worth the same."
_NUM = r"([+−]?\d+(?:\.\d+)?)"


def _n(s: str) -> float:
    return float(s.replace("−", "-"))


def _sign(a: float, b: float) -> int:
    return (a > b) - (a < b)


def test_eleven_at_the_default_inputs_is_a_tie() -> None:
    # lesson 4 steps 6-7 and lesson 5 step 3: chance 50%, their points 4
    e = eleven_values(0.5, 3, 1, at=11, their=4)
    assert e.play == e.run == 0.875 and e.break_even == 0.5
    assert e.best == "either"
    text = e.explain()
    assert "88% in all" in text and "88% of the time" in text
    assert "more than 50% of such hands, " + EITHER in text
    assert "so here: play" not in text and "so here: run" not in text


def test_eleven_at_their_ten_is_a_tie() -> None:
    e = eleven_values(0.5, 3, 1, at=11, their=10)
    assert e.play == e.run == 0.5
    assert e.best == "either" and EITHER in e.explain()


@pytest.mark.parametrize("their", [4, 10])
def test_eleven_clearly_above_and_below_break_even(their: int) -> None:
    above, below = eleven_values(0.8, their=their), eleven_values(0.2, their=their)
    assert above.best == "play" and above.explain().count("so here: play.") == 1
    assert below.best == "run" and below.explain().count("so here: run.") == 1


def test_accept_at_break_even_is_a_tie() -> None:
    for ladder, stake, win in ((P, 3, 0.25), (M, 2, 0.25), (M, 6, 0.2)):
        a = answer_values(ladder, stake, win)
        assert a.accept == a.fold and a.best == "either", (ladder, stake)
        assert "Accepting pays once you win more than 25%" in a.explain() or stake == 6
        assert a.explain().endswith(EITHER)
    assert answer_values(P, 3, 0.4).best == "accept"
    assert answer_values(P, 3, 0.1).best == "fold"
    assert answer_values(P, 3, 0.4).explain().endswith("so here: accept.")
    assert answer_values(P, 3, 0.1).explain().endswith("so here: run.")


def test_call_at_a_tie_names_no_option() -> None:
    c = call_values(P, 1, 0.5, 0.0)  # both +0 points
    assert c.call == c.no_call == 0 and c.best == "either"
    assert c.explain().endswith("Best here: either way, they are worth the same.")
    assert call_values(P, 1, 0.5, 0.3).best == "call"


def test_the_widget_names_no_best_at_the_default_inputs() -> None:
    calc = StakeCalculatorView()
    assert calc.win.value == 50 and calc.their.value == 4
    assert "Hand of eleven: play or run?</b> Best: <b>either way</b>" in calc.result.value
    calc.their.value = 10
    assert "Hand of eleven: play or run?</b> Best: <b>either way</b>" in calc.result.value
    calc.win.value = 80
    assert "Hand of eleven: play or run?</b> Best: <b>play</b>" in calc.result.value
    calc.win.value = 20
    assert "Hand of eleven: play or run?</b> Best: <b>run</b>" in calc.result.value
    calc.win.value, calc.fold.value = 50, 0
    assert "You raise to 3?</b> Best: <b>either way</b>" in calc.result.value
    calc.stake.value, calc.win.value = 3, 25
    assert "They raise to 6. Accept or run?</b> Best: <b>either way</b>" in calc.result.value


_VERDICT = {"accept": 1, "play": 1, "call": 1, "run": -1, "no call": -1, "either way": 0}


def _best_lines(html: str) -> list[int]:
    return [_VERDICT[m] for m in re.findall(r"Best: <b>([a-z ]+)</b>", html)]


_ACCEPT = (r"with chance " + _NUM + r"% and lose .*? on average " + _NUM + r" points?\. Run: "
           r".*? at stake, " + _NUM + r"\. Accepting pays once you win more than " + _NUM
           + r"% of such hands, so here: (accept|run|either way)")
_ELEVEN = (r"at once with chance " + _NUM + r"%; .*?: " + _NUM + r"% in all\. Run: .*? you win "
           r"the game " + _NUM + r"% of the time\. Playing pays once you win more than " + _NUM
           + r"% of such hands, so here: (play|run|either way)")


def _disagreement(html: str, pattern: str, best_line: int) -> str | None:
    """The calculator's text when what it shows disagrees with itself: the shown chance
    against the shown break-even, the two shown values, the sentence's verdict and the
    ``best_line``-th Best line; ``None`` when all agree."""
    text = re.sub(r"<[^>]+>", " ", html)
    m = re.search(pattern, text)
    assert m, text
    sentence = _VERDICT[m[5]]
    shown = {_sign(_n(m[1]), _n(m[4])), _sign(_n(m[2]), _n(m[3])), sentence,
             _best_lines(html)[best_line]}
    return None if len(shown) == 1 else m[0]


def test_what_the_learner_reads_never_contradicts_the_verdict() -> None:
    """Every input the calculator offers (whole percentages): the shown chance against the shown
    break-even, the shown values of the two options, the sentence's verdict and the Best line all
    agree (whatever the display rounds)."""
    calc = StakeCalculatorView()
    bad: list[str] = []
    for name, o in calc.TABLES.items():
        calc.ladder.value = name
        for _label, stake in list(calc.stake.options):  # the answer to a raise
            calc.stake.value = stake
            for win in range(101):
                calc.win.value = win
                if (why := _disagreement(calc.result.value, _ACCEPT, 0)) is not None:
                    bad.append(f"{name} stake {stake} win {win}: {why}")
        for their in range(o.eleven_at):  # the hand of eleven (ten)
            calc.their.value = their
            for win in range(101):
                calc.win.value = win
                if (why := _disagreement(calc.result.value, _ELEVEN, 2)) is not None:
                    bad.append(f"{name} their {their} win {win}: {why}")
    assert not bad, "\n".join(bad[:10]) + f"\n({len(bad)} in all)"


def test_the_calculator_tables_are_the_presets() -> None:
    assert {o.variant for o in StakeCalculatorView.TABLES.values()} <= set(PRESETS)
