"""The payouts page's read model: the payout structure, who is in the money, and each place's
prize, in a constant number of queries."""

from __future__ import annotations

from typing import Any

from vpt.events.models import Entry, Event, PayoutStructure
from vpt.money.pool_text import explain_pool
from vpt.money.prizes import event_prizes
from vpt.people.models import HIDDEN_NAME


def payout_structure(event: Event) -> PayoutStructure | None:
    """The event's payout structure, if one was set: 1 query."""
    return PayoutStructure.objects.filter(event=event).first()


def in_the_money(event: Event, places: int, *, public: bool = False) -> dict[int, list[tuple[int, str]]]:
    """The players (entry id, name) who finished in places 1..``places`` (``public``: a hidden
    person is "Hidden player"): 1 query. An entry still in holds a place only once it is
    decided (the last one standing, or the event finished)."""
    rows = (
        Entry.objects.filter(event=event, place__isnull=False, place__lte=places)
        .values_list("place", "id", "player__name", "player__person__hidden", "player__person__merged_into__hidden")
        .order_by("place", "player__name")
    )
    found: dict[int, list[tuple[int, str]]] = {}
    for place, entry_id, stored, hidden, merged_hidden in rows:
        name = str(HIDDEN_NAME) if public and (hidden or merged_hidden) else stored
        if place is not None:
            found.setdefault(place, []).append((entry_id, name))
    return found


def event_payouts(event: Event, *, public: bool = False) -> dict[str, Any]:
    """Prize pool, payout structure and each paid place's amount and player: 3 queries.

    ``rows``: one dict per paid place (place, percentage, amount, name, dealt), what the public
    payouts page, the big screen and the director's payout editor show; ``dealt``: what a
    deal gave the players of that place instead of its amount (empty: no deal there);
    ``explanation`` says how the pool was reached ("12 entries × 100.00 + 0.00 added = 1,200.00").
    """
    prizes = event_prizes(event)
    places = len(prizes.amounts)
    winners = in_the_money(event, places, public=public) if places else {}
    percentages = prizes.structure.decimal_percentages() if prizes.structure else []
    rows = [
        {
            "place": place,
            "percentage": percentage,
            "amount": amount,
            "name": ", ".join(name for _entry, name in winners.get(place, [])),
            "dealt": [prizes.dealt[entry] for entry, _name in winners.get(place, []) if entry in prizes.dealt],
        }
        for place, (percentage, amount) in enumerate(zip(percentages, prizes.amounts, strict=False), start=1)
    ]
    if event.status == Event.Status.FINISHED:
        # Every place is decided: a place nobody holds (two players shared the one above it,
        # or a deal placed them so) pays nobody and is not listed.
        rows = [row for row in rows if row["name"]]
    return {
        "entries": prizes.pool.entries,
        "pool": prizes.pool,
        "explanation": explain_pool(prizes.pool),
        "structure": prizes.structure,
        "rows": rows,
    }
