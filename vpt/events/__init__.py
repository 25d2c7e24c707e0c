"""Layer 2: the event and everything that is the event's alone.

Events, levels, players, entries, chip adjustments; the clock (computed in `clock.py`, stored
and applied by `clock_services.py`), payouts and deals, finishing places, and the door to the
audit log (`audit.py`: `write_audit` records in `vpt.audit` and bumps the event's version; the
actions events writes, with their sentences, in `audit_actions.py`). Tables, seats and hands belong to the layers
above: events never reads them; what it needs from them (the clock's Fantasyland tables and
hands played, the hands that put entries out) the layers above pass down as plain values
(`tests/test_layers.py` checks it).
"""
