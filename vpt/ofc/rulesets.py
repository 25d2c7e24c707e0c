"""Rule sets: every number a variant changes, as data.

A *rule set* holds the royalty tables, the Fantasyland entry and stay rules with their deal
sizes, how many players a table seats, how many jokers the deck has, and how a sit-out
player's cards are placed. The four presets follow ``ofc-rules.md``; a tournament director's
house rules are a preset with overrides (``RuleSet.with_overrides``), never a code change.

Top-row thresholds are written the way players say them: ``"QQ"`` is a pair of queens or
better, ``"222"`` is any three of a kind.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from functools import cached_property
from typing import Any, Mapping

from .cards import RANKS, InvalidHand
from .hands import Category, category_of, rank_of

__all__ = ["PRESETS", "RuleSet", "get_ruleset", "parse_top_threshold"]

_MIDDLE = {"trips": 2, "straight": 4, "flush": 8, "full_house": 12, "quads": 20,
           "straight_flush": 30, "royal_flush": 50, "five_of_a_kind": 50}
_BOTTOM = {"straight": 2, "flush": 4, "full_house": 6, "quads": 10,
           "straight_flush": 15, "royal_flush": 25, "five_of_a_kind": 25}
_TOP_PAIRS = {rank: rank - 5 for rank in range(6, 15)}
_TOP_TRIPS = {rank: rank + 8 for rank in range(2, 15)}


def parse_top_threshold(text: str) -> tuple[Category, int]:
    """``"QQ"`` -> (PAIR, 12); ``"222"`` -> (TRIPS, 2).

    >>> parse_top_threshold("KK")
    (<Category.PAIR: 1>, 13)
    """
    symbols = text.strip().upper()
    if len(symbols) in (2, 3) and len(set(symbols)) == 1 and symbols[0] in RANKS:
        category = Category.PAIR if len(symbols) == 2 else Category.TRIPS
        return category, RANKS.index(symbols[0]) + 2
    raise InvalidHand(f'"{text}" is not a top pair or trips such as "QQ" or "222"')


def _category(name: str | None) -> Category | None:
    if name is None:
        return None
    try:
        return Category[name.upper()]
    except KeyError:
        raise InvalidHand(f'"{name}" is not a hand category such as "quads"') from None


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
            raise InvalidHand("a table seats 2 to 4 players", where="rule set")
        # Parse the thresholds now so a bad rule set is refused when it is made, not mid-event.
        self._entry_thresholds, self._stay_thresholds  # noqa: B018

    @cached_property
    def _entry_thresholds(self) -> tuple[tuple[tuple[Category, int], int], ...]:
        entry = ((parse_top_threshold(top), cards) for top, cards in self.fantasyland_entry)
        return tuple(sorted(entry, reverse=True))

    @cached_property
    def _stay_thresholds(self) -> tuple[tuple[Category, int] | None, Category | None, Category | None]:
        top = self.fantasyland_stay_top
        return (parse_top_threshold(top) if top else None,
                _category(self.fantasyland_stay_middle), _category(self.fantasyland_stay_bottom))

    @property
    def fantasyland_deals(self) -> frozenset[int]:
        """Every number of cards a Fantasyland player may be dealt under these rules."""
        deals = {cards for _, cards in self.fantasyland_entry}
        if self.fantasyland_stay_cards is not None:
            deals.add(self.fantasyland_stay_cards)
        return frozenset(deals)

    def fantasyland_next(self, top: int, middle: int, bottom: int, playing_fantasyland: int) -> int:
        """Cards dealt next hand to a player whose unfouled board has these row values."""
        top_hand = (category_of(top), rank_of(top))
        if playing_fantasyland:
            stay_top, stay_middle, stay_bottom = self._stay_thresholds
            stays = (
                (stay_top is not None and top_hand >= stay_top)
                or (stay_middle is not None and category_of(middle) >= stay_middle)
                or (stay_bottom is not None and category_of(bottom) >= stay_bottom)
            )
            if not stays:
                return 0
            return self.fantasyland_stay_cards or playing_fantasyland
        for threshold, cards in self._entry_thresholds:
            if top_hand >= threshold:
                return int(cards)
        return 0

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
        known = {f.name for f in fields(self)}
        changes: dict[str, Any] = {}
        for key, value in overrides.items():
            if key not in known:
                raise InvalidHand(f'unknown setting "{key}"', where="rule set")
            try:
                changes[key] = _coerce(key, value)
            except (TypeError, ValueError, AttributeError):
                raise InvalidHand(f'"{key}" has the wrong shape', where="rule set") from None
        return replace(self, **changes)


def _coerce(key: str, value: Any) -> Any:
    """JSON data back to the types a rule set holds."""
    if key in ("top_pair_royalties", "top_trips_royalties"):
        return {int(rank): int(points) for rank, points in value.items()}
    if key in ("middle_royalties", "bottom_royalties"):
        return {str(name): int(points) for name, points in value.items()}
    if key == "fantasyland_entry":
        return tuple((str(top), int(cards)) for top, cards in value)
    return value


PRESETS: dict[str, RuleSet] = {
    "progressive": RuleSet(name="progressive"),
    "regular": RuleSet(name="regular", fantasyland_entry=(("QQ", 14),)),
    # Ultimate with jokers: stay deal repeats the entry deal (ofc-rules.md, Fantasyland table).
    "joker-ultimate": RuleSet(name="joker-ultimate", jokers=2, fantasyland_stay_cards=None),
    # The original game: up to 4 players, 13 cards in Fantasyland, one card per draw.
    "classic": RuleSet(
        name="classic", max_players=4, fantasyland_entry=(("QQ", 13),),
        fantasyland_stay_middle="full_house", fantasyland_stay_cards=13,
        autoplay_draw=1, autoplay_keep=1,
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
        raise InvalidHand(f'unknown variant "{name}" (expected {known})') from None
