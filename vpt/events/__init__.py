"""Layer 2: the event and everything that is the event's alone.

Events, levels, players, entries, chip adjustments; the clock (computed in `clock.py`, stored
and applied by `clock_services.py`), payouts and deals, finishing places, and the audit log
(`audit.py`, its sentences in `summaries.py`). Tables and hands belong to the layers above:
events reads them only through reverse relations (`event.tables`, `event.hands`).
"""
