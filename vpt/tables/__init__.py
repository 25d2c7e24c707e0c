"""Layer 3: the tables of an event.

The `Table` (its number, status, and its next hand as stored: level, chips per point and
button seat), its rounds (`Round`, an orbit of the button), who deals it
(`assign_dealer`), and the "dealer of this table" check views run once per request
(`permissions.table_dealer_required`).
"""
