"""The money of an event: the prize pool and its payout structure, prizes, the results sheet
(the one source every page, export and the tour read), deals (chip-chop and ICM), and the cash
desk (entries paid in, prizes paid out, the cash report).

It sits above `vpt.rounds`, so it reads hands and eliminations directly. Its tables (`Payment`,
`Deal`, `DealShare`, `PayoutStructure`) stay in `vpt.events` with the entries they belong to:
a finishing place is an entry's fact that `vpt.rounds` writes in the transaction that records
a hand (`vpt.events.places`, which reads a deal's agreed places), and an event's price reads
which entries are paid. The pool arithmetic (`vpt.events.payouts`) and how money is written
(`vpt.events.money_format`) stay there too, for the event form's checks and the audit log.
"""
