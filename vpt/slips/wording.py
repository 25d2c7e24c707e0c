"""What the printables say about a hand, in words: shared by the slip and the hand history.

Terms:

flags
    What a hand's title adds in red: ``VOID`` for a voided hand, ``correction N`` for the N-th
    correction of a recorded hand (its version minus one).
exchange note
    The plain note under an exchange: why it was *skipped* (a player was already out earlier in
    this hand), *capped* (the winner can win at most their own stack before the hand, or the
    loser had only so many chips left), that the payer *had no chips left* (0 after paying in
    full earlier, so cannot pay and is out) or *even* (no chips move). Empty for a plain payment.
next button
    Where the button goes for the next hand: to a player (and their seat), to an empty seat
    someone new sits in, staying put while its holder plays Fantasyland, or staying on a seat
    just emptied (a dead button: the player before it acts last).
withheld QR code
    What a printable says where its QR code would be when the server's public address is a
    loopback one (127.0.0.1, localhost): no phone could open it, so none is printed, and the
    paper itself says why and what to do.

Each function returns text in the active language: call it inside ``translation.override``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from vpt.rounds.hand_view import SeatView

from .data import SlipData
from .layout import chips

__all__ = [
    "eliminated",
    "exchange_notes",
    "fantasyland_next",
    "hand_flags",
    "next_button_note",
    "qr_withheld_note",
]


def hand_flags(hand: SlipData) -> list[str]:
    """What a hand's title adds in red: ``VOID``, ``correction 2``."""
    flags = []
    if hand.void:
        flags.append(pgettext("printed", "VOID"))
    if hand.version > 1:
        flags.append(_("correction %(version)s") % {"version": hand.version - 1})
    return flags


def fantasyland_next(cards: int) -> str:
    """A player (or seat) playing Fantasyland next hand, and with how many cards."""
    return _("Fantasyland next hand: %(cards)s cards") % {"cards": cards}


def exchange_notes(data: SlipData) -> list[str]:
    """The plain note printed under each exchange ("" for none), in payment order.

    The hand is replayed in payment order, tracking who is *out*: a payer who could not
    pay in full (`ExchangeView.payer_out`, the engine's rule). A player paid down to exactly 0
    is not out: they still collect, and only if they owe again do they "have no chips left". So
    a skipped exchange names who was already out, and a capped one says whether the winner's cap
    or the loser's last chips limited it.
    """
    out: list[SeatView] = []
    notes = []
    for exchange in data.exchanges:
        note = ""
        payer, payee = exchange.sides
        if exchange.skipped:
            gone = [seat.name for seat in (payer, payee) if seat in out]
            if not gone:
                gone = [seat.name for seat in data.players if seat in (payer, payee) and seat.eliminated]
            if len(gone) == 2:
                note = _("skipped: %(first)s and %(second)s were eliminated earlier in this hand") % {
                    "first": gone[0],
                    "second": gone[1],
                }
            elif gone:
                note = _("skipped: %(name)s was eliminated earlier in this hand") % {"name": gone[0]}
            else:
                note = _("skipped: a player was eliminated earlier in this hand")
        elif exchange.cannot_pay:
            note = _("%(name)s had no chips left: cannot pay, eliminated") % {"name": payer.name}
        elif exchange.capped:
            cap = payee.stack_before
            if cap is not None and exchange.chips_moved == cap:
                note = _("capped: %(name)s could win at most %(chips)s") % {
                    "name": payee.name,
                    "chips": chips(cap, data.language),
                }
            else:
                note = _("capped: %(name)s had only %(chips)s left") % {
                    "name": payer.name,
                    "chips": chips(exchange.chips_moved or 0, data.language),
                }
        elif exchange.even:
            note = _("even: no chips move")
        notes.append(note)
        if exchange.payer_out:
            out.append(payer)
    return notes


def eliminated(player: SeatView) -> str:
    """An eliminated player, with the place they finished in when it is known."""
    if player.place is not None:
        return _("Eliminated: %(name)s, finishing place %(place)s") % {"name": player.name, "place": player.place}
    return _("Eliminated: %(name)s") % {"name": player.name}


def next_button_note(data: SlipData) -> str:
    """Who (or which seat) has the button next hand; for a hand with ``next_button`` or its seat."""
    seat = data.next_button_seat
    if data.next_button_dead:
        return _("Next hand: dead button on seat %(seat)s") % {"seat": seat}
    if not data.next_button:  # someone new sits there
        return _("Next hand: the button moves to seat %(seat)s") % {"seat": seat}
    if data.button_holds and seat is not None:
        return _("Next hand: the button stays on seat %(seat)s with %(name)s (Fantasyland)") % {
            "seat": seat,
            "name": data.next_button,
        }
    if data.button_holds:
        return _("Next hand: the button stays with %(name)s (Fantasyland)") % {"name": data.next_button}
    if seat is not None:
        return _("Next hand: the button moves to %(name)s, seat %(seat)s") % {"name": data.next_button, "seat": seat}
    return _("Next hand: the button moves to %(name)s") % {"name": data.next_button}


def qr_withheld_note(address: str) -> str:
    """Why a printable has no QR code: ``address`` is the laptop's own, which no phone reaches."""
    return _(
        "No QR code: %(address)s is this laptop's own address, which no phone can open. "
        "Set VPT_PUBLIC_URL to the address make run printed for phones, restart, and print again."
    ) % {"address": address}
