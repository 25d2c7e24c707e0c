"""One board's result, and the points between two boards.

A *board* is a player's 13 cards in three *rows*: top (3), middle (5), bottom (5). A board is
*unfinished* when a row is short (a mis-set, common in Fantasyland) and *fouled* when it is
unfinished or a row is stronger than the row below it (equal strength does not foul). A fouled
board earns no royalties and no Fantasyland.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import Card, parse_cards
from .errors import InvalidHand
from .hands import describe, row_value
from .rulesets import RuleSet

__all__ = [
    "ROWS",
    "ROW_SIZES",
    "Board",
    "BoardComparison",
    "BoardResult",
    "Foul",
    "RowVerdict",
    "Verdict",
    "board_of",
    "compare_boards",
    "foul_of",
    "points_between",
    "royalty",
    "score_board",
]

ROWS = ("top", "middle", "bottom")
ROW_SIZES = {"top": 3, "middle": 5, "bottom": 5}


def _parses(text: str) -> bool:
    try:
        parse_cards(text)
    except InvalidHand:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Board:
    """The cards a player placed, row by row.

    >>> Board.parse(top="Qs Qh 2c", middle="", bottom="").is_complete
    False
    """

    top: tuple[Card, ...]
    middle: tuple[Card, ...]
    bottom: tuple[Card, ...]

    @classmethod
    def parse(cls, *, top: str, middle: str, bottom: str) -> Board:
        """A board from the text of each row; an error names its row (``middle: unknown card "1x"``)."""
        try:
            return board_of(parse_cards(top), parse_cards(middle), parse_cards(bottom))
        except InvalidHand as error:  # the first row that does not parse is the one at fault
            texts = (top, middle, bottom)
            row = next(name for name, text in zip(ROWS, texts, strict=True) if not _parses(text))
            raise error.at(field=row) from None

    @property
    def rows(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        return (self.top, self.middle, self.bottom)

    @property
    def is_complete(self) -> bool:
        return len(self.top) == 3 and len(self.middle) == 5 and len(self.bottom) == 5

    def cards(self) -> tuple[Card, ...]:
        return self.top + self.middle + self.bottom


_new_board = object.__new__
_set_top, _set_middle, _set_bottom = (getattr(Board, row).__set__ for row in ROWS)


def board_of(top: tuple[Card, ...], middle: tuple[Card, ...], bottom: tuple[Card, ...]) -> Board:
    """``Board(top, middle, bottom)``, built about twice as fast: a frozen dataclass's
    ``__init__`` sets each field through ``object.__setattr__``; this sets the slots directly
    (``Board`` has no ``__post_init__``). The text paths build one board per player.

    >>> board_of(parse_cards("Qs Qh 2c"), (), ()) == Board(parse_cards("Qs Qh 2c"), (), ())
    True
    """
    board = _new_board(Board)
    _set_top(board, top)
    _set_middle(board, middle)
    _set_bottom(board, bottom)
    return board


@dataclass(frozen=True, slots=True)
class Foul:
    """Why a board fouled: ``row`` breaks the order. With ``above`` it is weaker than that row
    (the one over it); without, it is short (``cards`` of its size placed)."""

    row: str
    above: str | None = None
    cards: int = 0


@dataclass(frozen=True, slots=True)
class BoardResult:
    """How a board scored. ``values`` are the rows' strengths (``None`` for a short row)."""

    values: tuple[int | None, int | None, int | None]
    fouled: bool
    unfinished: bool
    royalties: dict[str, int]
    royalty_total: int
    fantasyland_next_cards: int

    @property
    def hands(self) -> dict[str, str]:
        """Each row in plain English; a short row says how many cards it has."""
        return {
            row: describe(value) if value is not None else "unfinished"
            for row, value in zip(ROWS, self.values, strict=True)
        }


def royalty(row: str, value: int, rules: RuleSet) -> int:
    """The royalty a complete row earns under ``rules`` (fouls aside).

    >>> from .rulesets import get_ruleset
    >>> royalty("top", row_value(parse_cards("Qs Qh 2c")), get_ruleset("progressive"))
    7
    """
    return rules.royalty_tables[ROWS.index(row)][value >> 16]


def score_board(board: Board, rules: RuleSet, fantasyland_cards: int = 0) -> BoardResult:
    """Foul, royalties and next-hand Fantasyland of one board.

    ``fantasyland_cards`` is what the player was dealt if this is their Fantasyland hand (0 if
    not): it decides between the entry and the stay rules.

    >>> from .rulesets import get_ruleset
    >>> board = Board.parse(top="Qs Qh 2c", middle="Kd Kc 8h 8s 3d", bottom="2h 5h 9h Jh Ah")
    >>> result = score_board(board, get_ruleset("progressive"))
    >>> result.fouled, result.royalty_total, result.fantasyland_next_cards
    (False, 11, 14)
    """
    top, middle, bottom = board.top, board.middle, board.bottom
    if len(top) == 3 and len(middle) == 5 and len(bottom) == 5:
        top_value, middle_value, bottom_value = row_value(top), row_value(middle), row_value(bottom)
        if top_value <= middle_value <= bottom_value:
            top_royalties, middle_royalties, bottom_royalties = rules.royalty_tables
            top_royalty = top_royalties[top_value >> 16]
            middle_royalty = middle_royalties[middle_value >> 16]
            bottom_royalty = bottom_royalties[bottom_value >> 16]
            return BoardResult(
                (top_value, middle_value, bottom_value),
                False,
                False,
                {"top": top_royalty, "middle": middle_royalty, "bottom": bottom_royalty},
                top_royalty + middle_royalty + bottom_royalty,
                rules.fantasyland_next(top_value, middle_value, bottom_value, fantasyland_cards),
            )
        values: tuple[int | None, int | None, int | None] = (top_value, middle_value, bottom_value)
        unfinished = False
    else:
        for name, row in zip(ROWS, (top, middle, bottom), strict=True):
            if len(row) > ROW_SIZES[name]:
                raise InvalidHand("row_too_long", field=name, count=len(row), row=name, size=ROW_SIZES[name])
        values = tuple(  # type: ignore[assignment]
            row_value(row) if len(row) == ROW_SIZES[name] else None
            for name, row in zip(ROWS, (top, middle, bottom), strict=True)
        )
        unfinished = True
    return BoardResult(values, True, unfinished, {"top": 0, "middle": 0, "bottom": 0}, 0, 0)


def points_between(a: BoardResult, b: BoardResult, scoop_bonus: int = 3) -> int:
    """Points ``b`` owes ``a`` (negative: ``a`` owes ``b``): rows, scoop, royalties, fouls.

    >>> from .rulesets import get_ruleset
    >>> rules = get_ruleset("progressive")
    >>> ana = score_board(Board.parse(top="Qs Qh 2c", middle="Kd Kc 8h 8s 3d", bottom="2h 5h 9h Jh Ah"), rules)
    >>> ben = score_board(Board.parse(top="Jc Jd 4s", middle="Th Tc 7d 7c 5s", bottom="4c 5d 6h 7s 8c"), rules)
    >>> points_between(ana, ben), points_between(ben, ana)
    (9, -9)
    """
    if a.fouled or b.fouled:
        if a.fouled and b.fouled:
            return 0
        if a.fouled:
            return -(3 + scoop_bonus) - b.royalty_total
        return 3 + scoop_bonus + a.royalty_total
    won = lost = 0
    for mine, theirs in zip(a.values, b.values, strict=True):
        if mine > theirs:  # type: ignore[operator]
            won += 1
        elif mine < theirs:  # type: ignore[operator]
            lost += 1
    rows = won - lost
    if won == 3:
        rows += scoop_bonus
    elif lost == 3:
        rows -= scoop_bonus
    return rows + a.royalty_total - b.royalty_total


class Verdict(StrEnum):
    """Who wins a row between boards ``a`` and ``b``."""

    A = "a"
    B = "b"
    TIE = "tie"


@dataclass(frozen=True, slots=True)
class RowVerdict:
    """One row of a comparison: its name, both rows' strengths (``None`` for a short row) and
    the verdict. ``by_foul`` is true when a foul decided it, not the cards."""

    row: str
    a_value: int | None
    b_value: int | None
    verdict: Verdict
    by_foul: bool


@dataclass(frozen=True, slots=True)
class BoardComparison:
    """Why ``b`` owes ``a`` what :func:`points_between` says, told from ``a``'s side.

    ``fouled`` is ``"a"``, ``"b"``, ``"both"`` or ``None``. ``rows_won`` / ``rows_lost`` count
    ``a``'s rows; ``scoop`` is the bonus ``a`` gains (negative: pays); ``royalties_a`` and
    ``royalties_b`` are what each board earns (0 when fouled); ``points`` is the sum,
    ``rows_won - rows_lost + scoop + royalties_a - royalties_b``, which ``points_between`` gives.
    """

    rows: tuple[RowVerdict, RowVerdict, RowVerdict]
    fouled: str | None
    rows_won: int
    rows_lost: int
    scoop: int
    royalties_a: int
    royalties_b: int
    points: int


def foul_of(board: Board, result: BoardResult) -> Foul | None:
    """Why ``board`` (scored as ``result``) fouled: the first row from the top that breaks the
    order, or the first short row; ``None`` when it did not foul.

    >>> from .rulesets import get_ruleset
    >>> board = Board.parse(top="Qs Qh 2c", middle="8d 8c 6h 4s 3d", bottom="2h 5h 9h Jh Ah")
    >>> foul_of(board, score_board(board, get_ruleset("progressive")))
    Foul(row='middle', above='top', cards=0)
    >>> short = Board.parse(top="Qs Qh 2c", middle="8d 8c 6h 4s 3d", bottom="2h 5h 9h Jh")
    >>> foul_of(short, score_board(short, get_ruleset("progressive")))
    Foul(row='bottom', above=None, cards=4)
    """
    if not result.fouled:
        return None
    for name, row in zip(ROWS, board.rows, strict=True):
        if len(row) < ROW_SIZES[name]:
            return Foul(name, cards=len(row))
    top, middle, _bottom = result.values
    if top is not None and middle is not None and middle < top:
        return Foul("middle", above="top")
    return Foul("bottom", above="middle")


def compare_boards(a: BoardResult, b: BoardResult, rules: RuleSet) -> BoardComparison:
    """Row by row, who wins between two scored boards, and the points ``b`` owes ``a``.

    A fouled board loses every row to a board that did not foul; two fouled boards tie every
    row. The points are exactly :func:`points_between`'s.

    >>> from .rulesets import get_ruleset
    >>> rules = get_ruleset("progressive")
    >>> ana = score_board(Board.parse(top="Qs Qh 2c", middle="Kd Kc 8h 8s 3d", bottom="2h 5h 9h Jh Ah"), rules)
    >>> ben = score_board(Board.parse(top="Jc Jd 4s", middle="Th Tc 7d 7c 5s", bottom="4c 5d 6h 7s 8c"), rules)
    >>> comparison = compare_boards(ana, ben, rules)
    >>> [str(row.verdict) for row in comparison.rows], comparison.scoop, comparison.points
    (['a', 'a', 'a'], 3, 9)
    >>> comparison.points == points_between(ana, ben, rules.scoop_bonus)
    True
    """
    fouled = "both" if a.fouled and b.fouled else "a" if a.fouled else "b" if b.fouled else None
    rows = []
    won = lost = 0
    for row, a_value, b_value in zip(ROWS, a.values, b.values, strict=True):
        if fouled == "both":
            verdict = Verdict.TIE
        elif fouled == "a":
            verdict = Verdict.B
        elif fouled == "b":
            verdict = Verdict.A
        else:  # neither fouled: both boards are complete, so every row has a value
            assert a_value is not None and b_value is not None
            verdict = Verdict.A if a_value > b_value else Verdict.B if a_value < b_value else Verdict.TIE
        won += verdict is Verdict.A
        lost += verdict is Verdict.B
        rows.append(RowVerdict(row, a_value, b_value, verdict, fouled is not None))
    scoop = rules.scoop_bonus if won == 3 else -rules.scoop_bonus if lost == 3 else 0
    royalties_a, royalties_b = a.royalty_total, b.royalty_total
    first, second, third = rows
    return BoardComparison(
        (first, second, third),
        fouled,
        won,
        lost,
        scoop,
        royalties_a,
        royalties_b,
        won - lost + scoop + royalties_a - royalties_b,
    )
