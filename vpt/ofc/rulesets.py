"""Rule sets: every number a variant changes, as data.

A *rule set* holds the royalty tables, the Fantasyland entry and stay rules with their deal
sizes, how many players a table seats, how many jokers the deck has, and how a sit-out
player's cards are placed. The four presets follow ``ofc-rules.md``; a tournament director's
house rules are a preset with overrides (``RuleSet.with_overrides``), never a code change.

Top-row thresholds are written the way players say them: ``"QQ"`` is a pair of queens or
better, ``"222"`` is any three of a kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from functools import cached_property, lru_cache
from typing import Any

from .cards import RANKS
from .errors import InvalidHand
from .hands import Category, category_of, rank_of

__all__ = ["PRESETS", "RuleSet", "get_ruleset", "parse_top_threshold"]

_MIDDLE = {
    "trips": 2,
    "straight": 4,
    "flush": 8,
    "full_house": 12,
    "quads": 20,
    "straight_flush": 30,
    "royal_flush": 50,
    "five_of_a_kind": 50,
}
_BOTTOM = {
    "straight": 2,
    "flush": 4,
    "full_house": 6,
    "quads": 10,
    "straight_flush": 15,
    "royal_flush": 25,
    "five_of_a_kind": 25,
}
_TOP_PAIRS = {rank: rank - 5 for rank in range(6, 15)}
_TOP_TRIPS = {rank: rank + 8 for rank in range(2, 15)}
# A row value >> 16 is its *key*: category and top rank, all that royalties and Fantasyland read.
_KEYS = len(Category) << 4


def parse_top_threshold(text: str) -> tuple[Category, int]:
    """``"QQ"`` -> (PAIR, 12); ``"222"`` -> (TRIPS, 2).

    >>> parse_top_threshold("KK")
    (<Category.PAIR: 1>, 13)
    """
    symbols = text.strip().upper()
    if len(symbols) in (2, 3) and len(set(symbols)) == 1 and symbols[0] in RANKS:
        category = Category.PAIR if len(symbols) == 2 else Category.TRIPS
        return category, RANKS.index(symbols[0]) + 2
    raise InvalidHand("bad_top_threshold", text=text)


def _category(name: str | None) -> Category | None:
    if name is None:
        return None
    try:
        return Category[name.upper()]
    except KeyError:
        raise InvalidHand("bad_category", name=name) from None


@dataclass(frozen=True)
class RuleSet:
    """One variant's rules. Field names are also the keys of a TD's overrides.

    >>> sorted(get_ruleset("progressive").fantasyland_deals)
    [14, 15, 16, 17]
    """

    name: str
    min_players: int = 2
    max_players: int = 3
    jokers: int = 0
    scoop_bonus: int = 3
    top_pair_royalties: Mapping[int, int] = field(default_factory=lambda: dict(_TOP_PAIRS), hash=False)
    top_trips_royalties: Mapping[int, int] = field(default_factory=lambda: dict(_TOP_TRIPS), hash=False)
    middle_royalties: Mapping[str, int] = field(default_factory=lambda: dict(_MIDDLE), hash=False)
    bottom_royalties: Mapping[str, int] = field(default_factory=lambda: dict(_BOTTOM), hash=False)
    # (top row at least, cards dealt next hand), strongest requirement first.
    fantasyland_entry: tuple[tuple[str, int], ...] = (("222", 17), ("AA", 16), ("KK", 15), ("QQ", 14))
    fantasyland_stay_top: str | None = "222"
    fantasyland_stay_middle: str | None = None
    fantasyland_stay_bottom: str | None = "quads"
    # None: a player who stays is dealt what they were dealt this Fantasyland hand.
    fantasyland_stay_cards: int | None = 14
    autoplay_first: int = 5
    autoplay_draw: int = 3
    autoplay_keep: int = 2

    def __post_init__(self) -> None:
        if not 2 <= self.min_players <= self.max_players <= 4:
            raise InvalidHand("seats_range", field="rule set")
        # Parse the thresholds now so a bad rule set is refused when it is made, not mid-event.
        self._entry_thresholds, self._stay_thresholds  # noqa: B018

    @cached_property
    def _entry_thresholds(self) -> tuple[tuple[tuple[Category, int], int], ...]:
        entry = ((parse_top_threshold(top), cards) for top, cards in self.fantasyland_entry)
        return tuple(sorted(entry, reverse=True))

    @cached_property
    def _stay_thresholds(self) -> tuple[tuple[Category, int] | None, Category | None, Category | None]:
        top = self.fantasyland_stay_top
        return (
            parse_top_threshold(top) if top else None,
            _category(self.fantasyland_stay_middle),
            _category(self.fantasyland_stay_bottom),
        )

    @cached_property
    def fantasyland_deals(self) -> frozenset[int]:
        """Every number of cards a Fantasyland player may be dealt under these rules."""
        deals = {cards for _, cards in self.fantasyland_entry}
        if self.fantasyland_stay_cards is not None:
            deals.add(self.fantasyland_stay_cards)
        return frozenset(deals)

    @cached_property
    def _fantasyland_tables(self) -> tuple[list[int], int, int, int]:
        return _fantasyland_tables(self)

    @cached_property
    def royalty_tables(self) -> tuple[list[int], list[int], list[int]]:
        """Royalties of the top, middle and bottom rows, indexed by row value >> 16.

        >>> from .cards import parse_cards
        >>> from .hands import row_value
        >>> top, middle, bottom = get_ruleset("progressive").royalty_tables
        >>> middle[row_value(parse_cards("Ts Js Qs Ks As")) >> 16], top[row_value(parse_cards("6s 6h 2c")) >> 16]
        (50, 1)
        """
        return _royalty_tables(self)

    def fantasyland_next(self, top: int, middle: int, bottom: int, playing_fantasyland: int) -> int:
        """Cards dealt next hand to a player whose unfouled board has these row values.

        >>> from .cards import parse_cards
        >>> from .hands import row_value
        >>> rules = get_ruleset("progressive")
        >>> rows = ("Ks Kh 2c", "7c 7d 7h 2s 3s", "4d 5d 6d 8d 9d")
        >>> top, middle, bottom = (row_value(parse_cards(row)) for row in rows)
        >>> rules.fantasyland_next(top, middle, bottom, 0), rules.fantasyland_next(top, middle, bottom, 15)
        (15, 0)
        """
        entry, stay_top, stay_middle, stay_bottom = self._fantasyland_tables
        if playing_fantasyland:
            if top >> 16 >= stay_top or middle >> 20 >= stay_middle or bottom >> 20 >= stay_bottom:
                return self.fantasyland_stay_cards or playing_fantasyland
            return 0
        return entry[top >> 16]

    def check_player_count(self, count: int) -> None:
        """Refuse a hand of ``count`` players at a table of this variant (``"player_count"``).

        >>> get_ruleset("classic").check_player_count(5)
        Traceback (most recent call last):
        ...
        vpt.ofc.errors.InvalidHand: players: 5 players, classic seats 2 to 4
        """
        if not self.min_players <= count <= self.max_players:
            raise InvalidHand(
                "player_count",
                field="players",
                count=count,
                variant=self.name,
                min=self.min_players,
                max=self.max_players,
            )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; ``RuleSet.from_dict(r.to_dict()) == r``."""
        data = asdict(self)
        data["fantasyland_entry"] = [list(pair) for pair in self.fantasyland_entry]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """A whole rule set from plain data, as ``to_dict`` wrote it (JSON keys may be strings)."""
        return PRESETS["progressive"].with_overrides(data)

    def with_overrides(self, overrides: Mapping[str, Any]) -> RuleSet:
        """This rule set with some settings changed; unknown settings are refused by name.

        >>> get_ruleset("progressive").with_overrides({"scoop_bonus": 0}).scoop_bonus
        0
        """
        if not overrides:
            return self
        known = {f.name for f in fields(self)}
        changes: dict[str, Any] = {}
        for key, value in overrides.items():
            if key not in known:
                raise InvalidHand("unknown_setting", field="rule set", name=key)
            try:
                changes[key] = _coerce(key, value)
            except _WrongType as wanted:
                raise InvalidHand(str(wanted), field="rule set", name=key) from None
            except (TypeError, ValueError, AttributeError):
                raise InvalidHand("setting_shape", field="rule set", name=key) from None
        return replace(self, **changes)


def row_royalty(row: str, value: int, rules: RuleSet) -> int:
    """The royalty a complete ``row`` (top, middle, bottom) of strength ``value`` earns, fouls aside.

    >>> from .cards import parse_cards
    >>> from .hands import row_value
    >>> row_royalty("bottom", row_value(parse_cards("9s 9h 9d 9c 2s")), get_ruleset("progressive"))
    10
    """
    category, rank = category_of(value), rank_of(value)
    if row == "top":
        if category is Category.TRIPS:
            return rules.top_trips_royalties.get(rank, 0)
        if category is Category.PAIR:
            return rules.top_pair_royalties.get(rank, 0)
        return 0
    table = rules.middle_royalties if row == "middle" else rules.bottom_royalties
    name = category.name.lower()
    if category is Category.STRAIGHT_FLUSH and rank == 14:
        name = "royal_flush"
    return table.get(name, 0)


# Tables by row key (row value >> 16), built once per distinct rule set: a rule set with a TD's
# overrides is a new value on every request, but an equal one finds its tables here.
@lru_cache(maxsize=64)
def _royalty_tables(rules: RuleSet) -> tuple[list[int], list[int], list[int]]:
    return tuple(  # type: ignore[return-value]
        [row_royalty(row, key << 16, rules) for key in range(_KEYS)] for row in ("top", "middle", "bottom")
    )


@lru_cache(maxsize=64)
def _fantasyland_tables(rules: RuleSet) -> tuple[list[int], int, int, int]:
    """The entry deal by top-row key, and the stay thresholds as top key, middle category and
    bottom category (out of reach when the rule set has no such rule)."""
    never = 1 << 30
    entry = [0] * _KEYS
    for key in range(_KEYS):
        for threshold, cards in rules._entry_thresholds:
            if (key >> 4, key & 0xF) >= threshold:
                entry[key] = int(cards)
                break
    stay_top, stay_middle, stay_bottom = rules._stay_thresholds
    return (
        entry,
        never if stay_top is None else (int(stay_top[0]) << 4) | stay_top[1],
        never if stay_middle is None else int(stay_middle),
        never if stay_bottom is None else int(stay_bottom),
    )


_WHOLE_SETTINGS = {
    "min_players",
    "max_players",
    "jokers",
    "scoop_bonus",
    "autoplay_first",
    "autoplay_draw",
    "autoplay_keep",
}
_OPTIONAL_TEXT_SETTINGS = {"fantasyland_stay_top", "fantasyland_stay_middle", "fantasyland_stay_bottom"}


class _WrongType(ValueError):
    """What a setting should have been: the code of the refusal (``setting_not_whole``)."""


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _WrongType("setting_not_whole")
    return value


def _coerce(key: str, value: Any) -> Any:
    """JSON data back to the types a rule set holds; ``_WrongType`` says what was expected."""
    if key in ("top_pair_royalties", "top_trips_royalties"):
        return {int(rank): _whole(points) for rank, points in value.items()}
    if key in ("middle_royalties", "bottom_royalties"):
        return {str(name): _whole(points) for name, points in value.items()}
    if key == "fantasyland_entry":
        return tuple((str(top), _whole(cards)) for top, cards in value)
    if key in _WHOLE_SETTINGS:
        return _whole(value)
    if key == "fantasyland_stay_cards":
        return None if value is None else _whole(value)
    if key in _OPTIONAL_TEXT_SETTINGS and value is not None and not isinstance(value, str):
        raise _WrongType("setting_not_text_or_null")
    if key == "name" and not isinstance(value, str):
        raise _WrongType("setting_not_text")
    return value


PRESETS: dict[str, RuleSet] = {
    "progressive": RuleSet(name="progressive"),
    "regular": RuleSet(name="regular", fantasyland_entry=(("QQ", 14),)),
    # Ultimate with jokers: stay deal repeats the entry deal (ofc-rules.md, Fantasyland table).
    "joker-ultimate": RuleSet(name="joker-ultimate", jokers=2, fantasyland_stay_cards=None),
    # The original game: up to 4 players, 13 cards in Fantasyland, one card per draw.
    "classic": RuleSet(
        name="classic",
        max_players=4,
        fantasyland_entry=(("QQ", 13),),
        fantasyland_stay_middle="full_house",
        fantasyland_stay_cards=13,
        autoplay_draw=1,
        autoplay_keep=1,
    ),
}


def get_ruleset(name: str) -> RuleSet:
    """The preset called ``name``.

    >>> get_ruleset("classic").max_players
    4
    """
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise InvalidHand("unknown_variant", name=name, known=known) from None
