"""Layer 3: the tables of an event.

The `Table` (its number, status, button seat and round counters), who deals it
(`assign_dealer`), and the "dealer of this table" check views run once per request
(`permissions.table_dealer_required`).
"""
