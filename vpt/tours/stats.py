"""A person's career: events, places, prizes, tour points, and the OFC statistics counted from
their recorded boards (voided hands never count), per event and in total, with head to head.

hands            boards played (a board auto-played for a player who sat out counts).
fouls            fouled boards; foul_rate = fouls / hands.
fl_entries       boards that earned Fantasyland while not playing it; fl_entry_rate = fl_entries
                 / boards played outside Fantasyland.
fl_hands         boards played in Fantasyland; fl_stays: those that earned a stay;
                 fl_stay_rate = fl_stays / fl_hands. Entry and stay are judged from the board
                 (`Board.fantasyland_next_cards`), also when its player went out in that hand.
royalties        royalty points of unfouled boards; royalties_per_hand = royalties / hands.
scoops           pairings where the person won all three rows (the engine compares the rows;
                 beating a fouled board wins all three).
points_net       points won minus lost over all pairings; chips_net: chips received minus paid.
head to head     per opponent met at a table: hands played together, points and chips between them.

Rates and royalties_per_hand are rounded to 4 decimals (0 when the divisor is 0).
Read in a constant number of queries whatever the number of events and hands.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from vpt.events.models import Event, Player
from vpt.ofc import Board as CardBoard
from vpt.ofc import BoardResult, RuleSet, compare_boards, score_board
from vpt.people.models import Person
from vpt.people.selectors import canonical_ids, people_by_id, person_ids_merged_into
from vpt.rounds.models import Board, Exchange, Hand

from .models import TourEvent
from .points import score_event
from .results import read_results
from .rules import parse_rule


def rate(count: int, of: int) -> float:
    """``count / of`` rounded to 4 decimals, 0 when ``of`` is 0.

    >>> rate(1, 3), rate(0, 0)
    (0.3333, 0)
    """
    return round(count / of, 4) if of else 0


@dataclass
class Counts:
    hands: int = 0
    fouls: int = 0
    fl_entries: int = 0
    outside_fl: int = 0
    fl_hands: int = 0
    fl_stays: int = 0
    royalties: int = 0
    scoops: int = 0
    points_net: int = 0
    chips_net: int = 0

    def as_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "fouls": self.fouls,
            "foul_rate": rate(self.fouls, self.hands),
            "fl_entries": self.fl_entries,
            "fl_entry_rate": rate(self.fl_entries, self.outside_fl),
            "fl_hands": self.fl_hands,
            "fl_stays": self.fl_stays,
            "fl_stay_rate": rate(self.fl_stays, self.fl_hands),
            "royalties": self.royalties,
            "royalties_per_hand": rate(self.royalties, self.hands),
            "scoops": self.scoops,
            "points_net": self.points_net,
            "chips_net": self.chips_net,
        }


@dataclass
class HeadToHead:
    opponent_id: int
    hands: int = 0
    points: int = 0
    chips: int = 0


@dataclass
class EventLine:
    event: Event
    place: int | None
    prize: Decimal
    points: Decimal | None  # tour points, when the event is part of a tour


@dataclass
class Career:
    person: Person
    events: list[EventLine]
    totals: Counts
    by_event: dict[str, Counts]
    head_to_head: list[HeadToHead]
    people: dict[int, Person] = field(default_factory=dict)  # opponents

    @property
    def event_rows(self) -> list[tuple[EventLine, Counts]]:
        """Each event with the person's statistics there."""
        return [(line, self.by_event[line.event.slug]) for line in self.events]

    @property
    def rivals(self) -> list[tuple[HeadToHead, Person]]:
        """Each opponent met, most hands together first, with the opponent."""
        return [(rival, self.people[rival.opponent_id]) for rival in self.head_to_head]


BOARD_FIELDS = (
    "id",
    "hand_id",
    "hand__event_id",
    "entry__player__person_id",
    "fantasyland_cards",
    "fantasyland_next_cards",
    "fouled",
    "royalties",
    "top",
    "middle",
    "bottom",
)


def _scored(row: tuple[Any, ...], rules: RuleSet) -> BoardResult:
    return score_board(CardBoard.parse(top=row[8], middle=row[9], bottom=row[10]), rules, row[4])


def person_career(person: Person) -> Career:
    """``person``'s career (``person`` not merged away; the people merged into them count as
    them): 9 queries."""
    ids = [person.pk, *person_ids_merged_into(person)]
    players = list(
        Player.objects.filter(person_id__in=ids).select_related("event__main_event").order_by("event__starts_on", "id")
    )
    events: dict[int, Event] = {}
    for player in players:
        events.setdefault(player.event_id, player.event)
    # A flight counts as its main event (festival.md, "The tour"): one line, its hands in it.
    shown = {pk: event.main_event or event for pk, event in events.items()}
    played = Hand.objects.filter(boards__entry__player__person_id__in=ids, status=Hand.Status.RECORDED).values("id")
    boards = list(Board.objects.filter(hand_id__in=played).order_by("hand_id", "position").values_list(*BOARD_FIELDS))
    exchanges = list(
        Exchange.objects.filter(hand_id__in=played).values_list(
            "hand_id", "board_a_id", "board_b_id", "points", "chips_paid"
        )
    )
    people = canonical_ids(row[3] for row in boards)
    mine = set(ids)

    totals, by_event = Counts(), {event.slug: Counts() for event in shown.values()}
    rivals: dict[int, HeadToHead] = {}
    by_hand: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for row in boards:
        by_hand[row[1]].append(row)
    board_owner = {row[0]: row[3] for row in boards}
    for hand_boards in by_hand.values():
        own = [row for row in hand_boards if row[3] in mine]
        if not own:
            continue
        board = own[0]
        rules = events[board[2]].ruleset
        counts = by_event[shown[board[2]].slug]
        result = _scored(board, rules)
        scoops = 0
        for other in hand_boards:
            if other[3] in mine:
                continue
            if compare_boards(result, _scored(other, rules), rules).rows_won == 3:
                scoops += 1
            opponent = people.get(other[3])
            if opponent is not None:
                rivals.setdefault(opponent, HeadToHead(opponent)).hands += 1
        for target in (totals, counts):
            target.hands += 1
            target.fouls += board[6]
            if board[4]:
                target.fl_hands += 1
                target.fl_stays += board[5] > 0
            else:
                target.outside_fl += 1
                target.fl_entries += board[5] > 0
            target.royalties += 0 if board[6] else board[7]
            target.scoops += scoops
    event_of_hand = {row[1]: row[2] for row in boards}
    for hand_id, board_a, board_b, points, chips in exchanges:
        a_mine, b_mine = board_owner[board_a] in mine, board_owner[board_b] in mine
        if a_mine == b_mine:
            continue
        sign = 1 if a_mine else -1
        opponent = people.get(board_owner[board_b if a_mine else board_a])
        counts = by_event[shown[event_of_hand[hand_id]].slug]
        for target in (totals, counts):
            target.points_net += sign * points
            target.chips_net += sign * chips
        if opponent is not None:
            rivals[opponent].points += sign * points
            rivals[opponent].chips += sign * chips

    lines = _event_lines(person, ids, list({event.pk: event for event in shown.values()}.values()))
    opponents = people_by_id(rivals)
    order = sorted(rivals.values(), key=lambda r: (-r.hands, opponents[r.opponent_id].name, r.opponent_id))
    return Career(person, lines, totals, by_event, order, opponents)


def _event_lines(person: Person, ids: list[int], events: list[Event]) -> list[EventLine]:
    """Place, prize and tour points of each event: 3 queries."""
    memberships = list(TourEvent.objects.filter(event__in=events).select_related("tour"))
    rules = {membership.event_id: parse_rule(membership.tour.rule) for membership in memberships}
    facts, results = read_results(events, {membership.event_id: membership.multiplier for membership in memberships})
    lines = []
    for event, fact in zip(events, facts):
        event_results = results.get(event.pk, [])
        own = next((result for result in event_results if result.person_id == person.pk), None)
        points = None
        if event.pk in rules and own is not None:
            scored = score_event(rules[event.pk], fact, event_results)
            points = next(s.points for r, s in zip(event_results, scored) if r.person_id == person.pk)
        lines.append(EventLine(event, own.place if own else None, own.prize if own else Decimal("0.00"), points))
    return lines


def career_data(career: Career) -> dict[str, Any]:
    """`GET /api/people/<id>/stats` (public: a hidden person's name is "Hidden player")."""
    return {
        "person_id": career.person.pk,
        "name": career.person.public_name,
        "events": [
            {
                "event": line.event.slug,
                "place": line.place,
                "prize": f"{line.prize:.2f}",
                "points": None if line.points is None else f"{line.points:.2f}",
            }
            for line in career.events
        ],
        "totals": career.totals.as_json(),
        "by_event": {slug: counts.as_json() for slug, counts in career.by_event.items()},
    }
