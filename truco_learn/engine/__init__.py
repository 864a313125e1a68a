"""The rules engine: cards, options, the hand state and its transitions, observations, matches.

Nothing here imports from the layers above (bots, quiz, classroom, widgets).
"""

from .actions import action_str, parse_action
from .cards import card_name, card_str, manilhas_for, parse_card, strength_table
from .match import Match, deal_hand, new_match
from .observer import Observed, determinize, observation, parse_observation, rebuild_hand
from .options import PRESETS, VARIANTS, Options, make_options
from .state import (ELEVEN, IRON, NORMAL, HandState, Trick, apply_legal, legal_actions,
                    legal_codes, new_hand, step)
from .tricks import hand_outcome

__all__ = ["ELEVEN", "IRON", "NORMAL", "PRESETS", "VARIANTS", "HandState", "Match", "Options",
           "Trick", "action_str", "apply_legal", "card_name", "card_str", "deal_hand",
           "hand_outcome", "legal_actions", "legal_codes", "make_options", "manilhas_for",
           "Observed", "determinize", "new_hand", "new_match", "observation", "parse_observation", "rebuild_hand", "parse_action", "parse_card", "step",
           "strength_table"]
