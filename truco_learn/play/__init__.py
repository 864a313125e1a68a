"""Learner-vs-bot match sessions: no widgets here.

A :class:`~truco_learn.play.session.MatchSession` holds a match, the learner's seat and the bots,
applies the learner's actions through the engine, runs the bots' turns (keeping their
explanations) and reviews each finished hand. :mod:`~truco_learn.play.menu` names the actions
and explains why an action is not allowed; :mod:`~truco_learn.play.view` is the public picture
of the table that a widget draws.
"""
