"""A whole hand at one table: every board scored, every pair's points, the settlement.

Players are given in *payment order*: the player left of the button first, the button last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import JOKER, Card
from .errors import InvalidHand
from .rulesets import RuleSet
from .scoring import ROWS, Board, BoardResult, points_between, score_board
from .settlement import Settlement, payment_order, settle

__all__ = ["HandResult", "PlayerHand", "pair_and_net_points", "score_hand"]


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One seat's part in a hand: its board, its chips at hand start, its Fantasyland deal."""

    name: str
    board: Board
    stack: int | None = None
    fantasyland_cards: int = 0


@dataclass(frozen=True, slots=True)
class HandResult:
    """``points`` are each player's net points (before caps); ``pair_points`` follow payment order."""

    boards: tuple[BoardResult, ...]
    pair_points: tuple[int, ...]
    points: tuple[int, ...]
    settlement: Settlement | None


def score_hand(players: Sequence[PlayerHand], rules: RuleSet, chips_per_point: int = 1) -> HandResult:
    """Score and (when stacks are given) settle a hand.

    >>> from .rulesets import get_ruleset
    >>> ana = PlayerHand("Ana", Board.parse(top="Qs Qh 2c", middle="Kd Kc 8h 8s 3d", bottom="2h 5h 9h Jh Ah"), 10000)
    >>> ben = PlayerHand("Ben", Board.parse(top="Jc Jd 4s", middle="Th Tc 7d 7c 5s", bottom="4c 5d 6h 7s 8c"), 8000)
    >>> result = score_hand([ana, ben], get_ruleset("progressive"), chips_per_point=100)
    >>> result.points, result.settlement.stacks_after
    ((9, -9), (10900, 7100))
    """
    _check_table(players, rules, chips_per_point)
    boards = []
    try:
        for player in players:
            boards.append(score_board(player.board, rules, player.fantasyland_cards))
    except InvalidHand as error:
        raise error.at(player=len(boards)) from None
    pair_points, net = pair_and_net_points(boards, rules.scoop_bonus)
    settlement = None
    if players[0].stack is not None:
        settlement = settle(pair_points, [p.stack for p in players], chips_per_point)  # type: ignore[misc]
    return HandResult(tuple(boards), pair_points, net, settlement)


def pair_and_net_points(boards: Sequence[BoardResult], scoop_bonus: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each pair's points in payment order, and each player's net points, for scored boards.

    >>> from .rulesets import get_ruleset
    >>> rules = get_ruleset("progressive")
    >>> ana = score_board(Board.parse(top="Qs Qh 2c", middle="Kd Kc 8h 8s 3d", bottom="2h 5h 9h Jh Ah"), rules)
    >>> ben = score_board(Board.parse(top="Jc Jd 4s", middle="Th Tc 7d 7c 5s", bottom="4c 5d 6h 7s 8c"), rules)
    >>> pair_and_net_points([ana, ben], rules.scoop_bonus)
    ((9,), (9, -9))
    """
    if len(boards) == 3:  # the usual table, unrolled: this runs for every hand of an event
        first, second, third = boards
        ab = points_between(first, second, scoop_bonus)
        ac = points_between(first, third, scoop_bonus)
        bc = points_between(second, third, scoop_bonus)
        return (ab, ac, bc), (ab + ac, bc - ab, -ac - bc)
    if len(boards) == 2:  # heads-up
        ab = points_between(boards[0], boards[1], scoop_bonus)
        return (ab,), (ab, -ab)
    order = payment_order(len(boards))
    pair_points = tuple(points_between(boards[a], boards[b], scoop_bonus) for a, b in order)
    totals = [0] * len(boards)
    for (a, b), points in zip(order, pair_points, strict=True):
        totals[a] += points
        totals[b] -= points
    return pair_points, tuple(totals)


def _check_table(players: Sequence[PlayerHand], rules: RuleSet, chips_per_point: int) -> None:
    """Refuse what no real table can produce; the message names the player and the row."""
    rules.check_player_count(len(players))
    if isinstance(chips_per_point, bool) or not isinstance(chips_per_point, int) or chips_per_point < 1:
        raise InvalidHand("must_be_positive", field="chips_per_point")
    cards: list[Card] = []
    with_stack = 0
    suspect = False
    for player in players:
        board = player.board
        cards += board.top
        cards += board.middle
        cards += board.bottom
        stack = player.stack
        if stack is not None:
            with_stack += 1
            suspect = suspect or type(stack) is not int or stack < 1
        if player.fantasyland_cards and player.fantasyland_cards not in rules.fantasyland_deals:
            suspect = True
    if suspect or with_stack not in (0, len(players)):
        _find_bad_player(players, rules)
    keys = {(card.rank, card.suit) for card in cards}
    if len(keys) < len(cards) or _JOKER_KEY in keys:
        _find_bad_card(players, rules)


_JOKER_KEY = (JOKER.rank, JOKER.suit)


def _find_bad_player(players: Sequence[PlayerHand], rules: RuleSet) -> None:
    """The slow path for stacks and Fantasyland deals: say which player and what is wrong."""
    with_stack = sum(player.stack is not None for player in players)
    for index, player in enumerate(players):
        if with_stack and player.stack is None:
            raise InvalidHand("stack_missing", field="stack", player=index)
        if player.stack is not None and (
            isinstance(player.stack, bool) or not isinstance(player.stack, int) or player.stack < 1
        ):
            raise InvalidHand("stack_not_positive", field="stack", player=index)
        if player.fantasyland_cards and player.fantasyland_cards not in rules.fantasyland_deals:
            deals = ", ".join(map(str, sorted(rules.fantasyland_deals)))
            raise InvalidHand(
                "not_fantasyland_deal",
                field="fantasyland_cards",
                player=index,
                count=player.fantasyland_cards,
                variant=rules.name,
                deals=deals,
            )


def _find_bad_card(players: Sequence[PlayerHand], rules: RuleSet) -> None:
    """The slow path, taken only when a card repeats or a joker shows: say which and where."""
    seen: set[Card] = set()
    jokers = 0
    for index, player in enumerate(players):
        for row, cards in zip(ROWS, player.board.rows, strict=True):
            for card in cards:
                if card.is_joker:
                    jokers += 1
                    if jokers > rules.jokers:
                        if not rules.jokers:
                            raise InvalidHand("joker_not_played", field=row, player=index, variant=rules.name)
                        raise InvalidHand(
                            "too_many_jokers", field=row, player=index, number=jokers, jokers=rules.jokers
                        )
                elif card in seen:
                    raise InvalidHand("duplicate_card", field=row, player=index, card=str(card))
                seen.add(card)
