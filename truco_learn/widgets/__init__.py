"""Views over engine state and play sessions: SVG cards, the table, the Why? and review panels.

Widgets hold no rules: they render what the layers below computed and forward the learner's
intents. Import the pieces from their modules (``truco_learn.widgets.svg``...).
"""
