"""Simulated events for demos, load tests and the test suite.

Everything goes through the real services (`record_hand`, `draw_seats`, `balance_tables`,
...), so a simulated event is exactly what a real one would store. The only randomness is a
`random.Random(seed)`: the same arguments give the same event.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model

from vpt.accounts.permissions import Actor
from vpt.errors import ServiceError
from vpt.events.entries import reenter_player, register_player
from vpt.events.models import Entry, Event
from vpt.events.payouts import default_percentages
from vpt.events.services import create_event
from vpt.events.structure import advance_level
from vpt.money.deals import apply_deal
from vpt.money.payout_services import set_payout_structure
from vpt.ofc import Card, RuleSet, deck, format_cards, most_cards_dealt
from vpt.rounds.selectors import table_state
from vpt.rounds.services import close_round, record_hand
from vpt.seating.selectors import tables_in_play
from vpt.seating.services import balance_tables, draw_seats, seat_entry
from vpt.tables.models import Table

FIRST_NAMES = (
    "Ana",
    "Ben",
    "Carla",
    "Dario",
    "Elena",
    "Felix",
    "Gema",
    "Hugo",
    "Irene",
    "Javier",
    "Kira",
    "Luis",
    "Marta",
    "Nico",
    "Olga",
    "Pablo",
    "Quim",
    "Rosa",
    "Sergio",
    "Tania",
    "Ugo",
    "Vera",
    "Wanda",
    "Xavi",
    "Yago",
    "Zoe",
)
SIM_LEVELS = (10, 20, 30, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 4000, 5000)


LAST_NAMES = ("García", "López", "Martín", "Pérez", "Sánchez", "Romero", "Navarro", "Torres", "Ruiz", "Díaz")


def player_names(count: int) -> list[str]:
    """First names, then first and last names once they run out.

    >>> player_names(28)[-3:]
    ['Zoe', 'Ana García', 'Ben García']
    """
    names = []
    for i in range(count):
        first, batch = FIRST_NAMES[i % len(FIRST_NAMES)], i // len(FIRST_NAMES)
        names.append(
            first
            if batch == 0
            else f"{first} {LAST_NAMES[(batch - 1) % len(LAST_NAMES)]}"
            + (f" {batch // len(LAST_NAMES) + 1}" if batch > len(LAST_NAMES) else "")
        )
    return names


def _sort_key(counts: dict[int, int]) -> Callable[[Card], tuple[int, int, str]]:
    def key(card: Card) -> tuple[int, int, str]:
        if card.is_joker:
            return (5, 15, "")
        return (counts[card.rank], card.rank, card.suit)

    return key


def arrange(cards: Sequence[Card], rng: random.Random) -> tuple[list[Card], list[Card], list[Card], bool]:
    """A plausible board from the dealt cards: (top, middle, bottom, unfinished).

    Mostly grouped by rank, strongest to the bottom (rarely fouls); sometimes a high pair
    pushed to the top (Fantasyland tries, some fouls); sometimes a careless random set.
    """
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    ordered = sorted(cards, key=_sort_key(counts), reverse=True)[:13]
    roll = rng.random()
    if roll < 0.08:
        rng.shuffle(ordered)
    elif roll < 0.30:
        pairs = sorted(
            {c.rank for c in ordered if not c.is_joker and counts[c.rank] >= 2 and c.rank >= 12}, reverse=True
        )
        if pairs:
            pair = [c for c in ordered if c.rank == pairs[0]][:2]
            rest = [c for c in ordered if c not in pair]
            ordered = rest[:10] + pair + rest[10:11]
    bottom, middle, top = ordered[:5], ordered[5:10], ordered[10:13]
    unfinished = False
    if rng.random() < 0.02:
        top = top[:2]
        unfinished = True
    return top, middle, bottom, unfinished


def deal_boards(
    seats: Sequence[tuple[int, int]], rules: RuleSet, rng: random.Random, sit_out_rate: float = 0.03
) -> dict[int, dict[str, Any]]:
    """Random boards for `seats` ((seat number, Fantasyland cards) in payment order)."""
    cards = list(deck(rules.jokers))
    rng.shuffle(cards)
    normal = most_cards_dealt(rules)
    boards: dict[int, dict[str, Any]] = {}
    for number, fantasyland in seats:
        dealt_count = fantasyland or normal
        dealt, cards = cards[:dealt_count], cards[dealt_count:]
        if not fantasyland and rng.random() < sit_out_rate:
            boards[number] = {"dealt": format_cards(dealt)}
            continue
        top, middle, bottom, unfinished = arrange(dealt, rng)
        boards[number] = {
            "top": format_cards(top),
            "middle": format_cards(middle),
            "bottom": format_cards(bottom),
            "unfinished": unfinished,
        }
    return boards


def simulation_actor() -> Any:
    user, _created = get_user_model().objects.get_or_create(
        username="simulator", defaults={"is_staff": True, "first_name": "Simulator"}
    )
    if not user.is_staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    return user


def _unique_slug(base: str) -> str:
    slug, n = base, 1
    while Event.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def simulate_event(
    *,
    players: int,
    hands: int,
    seed: int,
    variant: str = "progressive",
    actor: Actor = None,
    starting_stack: int = 3000,
    hands_per_level: int | None = None,
    reentry: bool = True,
    slug: str | None = None,
    name: str | None = None,
    names: Sequence[str] | None = None,
    buy_in: Decimal = Decimal("100"),
    fee: Decimal = Decimal("10"),
    finish: bool = False,
    deal: str | None = None,
    log: Callable[[str], None] | None = None,
) -> Event:
    """Create an event, draw seats and play up to `hands` random hands through `record_hand`.

    ``names``: the players to register (default: `player_names(players)`), such as a tour's
    people (`vpt.tours.simulation`). The event has real money: ``buy_in`` and ``fee`` per entry
    and the project's default payout structure for its field. ``finish``: play on (whatever
    ``hands`` says) until one player is left, breaking and balancing tables as a director
    would; with ``deal`` (``"icm"`` or ``"chip-chop"``), until three are left at one table,
    then make that deal.
    """
    actor = actor or simulation_actor()
    rng = random.Random(seed)
    event = create_event(
        name=name or f"Simulated {variant} #{seed}",
        slug=slug or _unique_slug(f"sim-{variant}-{players}p-{seed}"),
        variant=variant,
        starting_stack=starting_stack,
        actor=actor,
        levels=SIM_LEVELS,
        reentry_until_level=2 if reentry else None,
        max_entries=2 if reentry else 1,
        seat_seed=seed,
        buy_in=buy_in,
        fee=fee,
    )
    set_payout_structure(event, percentages=default_percentages(players), unit=Decimal("1.00"), actor=actor)
    for player_name in names if names is not None else player_names(players):
        register_player(event, name=player_name, actor=actor)
    draw_seats(event, actor=actor, seed=seed)
    return play_event(
        event,
        rng=rng,
        hands=hands,
        actor=actor,
        hands_per_level=hands_per_level or max(6, players),
        reentry=reentry,
        finish=finish,
        deal=deal,
        log=log,
    )


def play_event(
    event: Event,
    *,
    rng: random.Random,
    hands: int,
    actor: Actor,
    hands_per_level: int,
    reentry: bool = True,
    finish: bool = False,
    deal: str | None = None,
    log: Callable[[str], None] | None = None,
) -> Event:
    """Play random hands at `event`'s seated tables through `record_hand` (see `simulate_event`):
    up to `hands`, or with ``finish`` until the event is finished (a flight: at its advance
    number; Day 2 or any event: one player left, or a deal)."""
    rules = event.ruleset
    per_level = hands_per_level
    limit = FINISH_LIMIT if finish else hands
    played = 0
    while played < limit and not _deal_made(event, deal, actor):
        tables = list(Table.objects.filter(event=event, status=Table.Status.OPEN).order_by("number"))
        progress = False
        for table in tables:
            if played >= limit or _deal_made(event, deal, actor):
                break
            state = table_state(table.pk)
            if len(state.seats) < rules.min_players:
                continue
            boards = deal_boards([(s.number, s.fantasyland_cards) for s in state.seats], rules, rng)
            hand = record_hand(state.table, hand_number=state.next_hand_number, boards=boards, actor=actor)
            played += 1
            progress = True
            if played % per_level == 0 and event.levels.filter(number=_level_number(event) + 1).exists():
                advance_level(event, actor=actor)
            out = list(
                Entry.objects.filter(
                    event=event, eliminated_at_table=hand.table.number, eliminated_at_hand=hand.number
                ).select_related("player")
            )
            event.refresh_from_db(fields=["status", "current_level"])
            if event.status == Event.Status.FINISHED:
                break
            state = table_state(table.pk)
            if state.round_complete:
                close_round(state.table, actor=actor)
            if out:
                for entry in out:
                    if reentry and rng.random() < 0.5 and _reentry_open(event, entry):
                        new_entry = reenter_player(entry.player, actor=actor)
                        with contextlib.suppress(ServiceError):  # no free seat: the re-entry waits for one
                            seat_entry(new_entry, actor=actor)
                balance_tables(event, actor=actor)
        event.refresh_from_db()
        if event.status == Event.Status.FINISHED:
            break
        if not progress and not (finish and balance_tables(event, actor=actor)):
            break  # nothing to deal, and (playing on) no move would make a table
    event.refresh_from_db()
    if log:
        log(
            f"{played} hands played, {Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).count()} "
            f"entries left"
        )
    return event


# Playing on to the end stops here whatever happens (a guard, never reached by a real field).
FINISH_LIMIT = 100_000
DEAL_PLAYERS = 3


def _deal_made(event: Event, kind: str | None, actor: Actor) -> bool:
    """With ``kind``, make that deal once at most three players are left at one table."""
    if kind is None:
        return False
    left = Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).count()
    if not 2 <= left <= DEAL_PLAYERS:
        return False
    tables = tables_in_play(event)
    if tables > 1:
        balance_tables(event, actor=actor)
        tables = tables_in_play(event)
    apply_deal(event, kind=kind, tables_in_play=tables, actor=actor)
    return True


def _level_number(event: Event) -> int:
    event.refresh_from_db(fields=["current_level"])
    return event.current_level.number if event.current_level else 0


def _reentry_open(event: Event, entry: Entry) -> bool:
    level = event.current_level.number if event.current_level else 1
    return (
        event.reentry_until_level is not None
        and level <= event.reentry_until_level
        and entry.number < event.max_entries
    )


__all__ = [
    "arrange",
    "deal_boards",
    "play_event",
    "player_names",
    "simulate_event",
    "simulation_actor",
]
