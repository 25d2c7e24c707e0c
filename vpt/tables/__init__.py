"""Layer 3: the tables of an event.

The `Table` (its number, status, and its next hand as stored: level, chips per point and
button seat), its rounds (`Round`, an orbit of the button), who deals it
(`assign_dealer`), and the check every audience runs once per request to know who may act at a
table (`permissions.table_access`; the dealer's pages through
`permissions.table_dealer_required`, the Table API through its own JSON decorator).

Why `Round` lives here and not in `rounds` (where `Hand` is): seating, a layer below rounds,
opens a table's first round when it seats a table and reads the open round to tell whether the
next hand may be dealt (vpt/seating/services.py, vpt/seating/selectors.py). A model in
`rounds` could not be imported there (no import upwards), so the round belongs with the table
it orbits, and each `rounds.Hand` points down at the round it was played in (`Hand.round`), as
it points at its table.
"""
