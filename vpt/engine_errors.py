"""The engine's refusals in the reader's language.

``vpt.ofc`` refuses bad input with an ``InvalidHand`` that carries a stable ``code``, the values
it names (``params``), the player's index and the field (a row); its English is the
``score_hand`` contract's and stays there. Pages, forms and the table API say the same problem
through gettext, from the code: :func:`explain` is the one place that does it, so no page reads
the engine's English back.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from vpt.ofc import InvalidHand

__all__ = ["PROBLEMS", "VARIANT_LABELS", "explain", "variant_label"]

VARIANT_LABELS: dict[str, Promise] = {
    "progressive": _("Progressive (VPT)"),
    "regular": _("Regular"),
    "joker-ultimate": _("Joker Ultimate"),
    "classic": _("Classic"),
}

_WHOLE_ABOVE_ZERO = _("enter a whole number greater than 0")

PROBLEMS: dict[str, Promise] = {
    "unknown_card": _('"%(card)s" is not a card: type a rank and a suit, such as Qs, 10h or A♥'),
    "duplicate_card": _("%(card)s is used twice: each card can be on the table only once"),
    "row_too_long": _("%(count)s cards, but this row takes %(size)s"),
    "joker_not_played": _("a joker (JK), but %(variant)s is played without jokers"),
    "too_many_jokers": _("too many jokers: the deck has %(jokers)s"),
    "too_many_dealt": _("%(count)s cards dealt, but a hand deals at most %(limit)s"),
    "player_count": _("%(variant)s is played by %(min)s to %(max)s players, not %(count)s"),
    "must_be_positive": _WHOLE_ABOVE_ZERO,
    "stack_not_positive": _WHOLE_ABOVE_ZERO,
    "not_positive": _WHOLE_ABOVE_ZERO,
    "stack_missing": _("missing: give a stack for every player or for none"),
    "not_fantasyland_deal": _("%(count)s cards is not a Fantasyland deal in %(variant)s (0 or %(deals)s)"),
    "not_whole": _("enter a whole number, 0 or more"),
    "too_large": _("enter a number no larger than 10^12"),
    "duplicate_name": _("two players are called %(name)s"),
    "empty_name": _("enter a name"),
    "not_hand_object": _('expected a JSON object with a "players" list'),
    "not_player_list": _("expected a list of 2 or 3 players"),
    "not_player_object": _("expected an object with top, middle and bottom"),
    "row_not_text": _('expected the cards as text, such as "Qs Qh 2c"'),
    "unknown_field": _('unknown field "%(name)s"'),
    "null_value": _("null is not a value here: leave the field out for its default"),
    "not_variant_name": _("%(value)s is not a variant name"),
    "not_rules_object": _("expected an object of rule-set settings"),
    "null_setting": _("null is not a value for this setting"),
    "too_big": _("over 1 MB, and one hand is far smaller"),
    "empty_input": _("empty input: expected one JSON hand"),
    "invalid_json": _("invalid JSON at %(position)s: %(reason)s"),
    "invalid_json_value": _("invalid JSON: %(reason)s"),
    "not_json_number": _("invalid JSON: %(text)s is not a JSON number"),
    "nested_too_deeply": _("invalid JSON: nested too deeply"),
    "number_too_long": _("a number of %(digits)s digits, more than the largest allowed, 10^12"),
    "unknown_variant": _('unknown variant "%(name)s" (expected %(known)s)'),
    "unknown_setting": _('unknown setting "%(name)s"'),
    "setting_not_whole": _('"%(name)s" must be a whole number, 0 or more'),
    "setting_not_text_or_null": _('"%(name)s" must be a text such as "222" or "quads", or null'),
    "setting_not_text": _('"%(name)s" must be a text'),
    "setting_shape": _('"%(name)s" has the wrong shape'),
    "seats_range": _("a table seats 2 to 4 players"),
    "bad_top_threshold": _('"%(text)s" is not a top pair or trips such as "QQ" or "222"'),
    "bad_category": _('"%(name)s" is not a hand category such as "quads"'),
}
"""Every engine code (``vpt.ofc.MESSAGES``) as a translatable sentence, with the same params."""


def variant_label(name: str) -> str:
    """A variant's name for people (``"Progresiva (VPT)"``); an unknown name as it is."""
    label = VARIANT_LABELS.get(name)
    return str(label) if label is not None else name


def explain(error: InvalidHand) -> str:
    """What is wrong, in the active language, without where (the caller names the seat and row)."""
    params = dict(error.params)
    if "variant" in params:
        params["variant"] = variant_label(str(params["variant"]))
    return str(PROBLEMS[error.code]) % params
