"""The audit log: one model for every app, just above accounts.

audit entry  one state change: who (a user; a table's device or a player's link named in the
             facts), when, the action, the object it was about, the facts its sentence names
             (`summary_args`), and the state before and after. Written by the service that made
             the change, in the same transaction (`vpt.audit.services.record`; the events layer
             and above call `vpt.events.audit.write_audit`, which also bumps the event's version).
action       a dotted name owned by the app that writes it, `"rounds.hand_recorded"`: the app
             registers it, with its label and its sentence, in its own `audit_actions.py`
             (imported by its `AppConfig.ready`), so this app never lists the actions of the apps
             above it. Writing an unregistered name is refused.
sentence     written out when the entry is read, in the reader's language, from the registered
             template and the entry's facts; a lower app may register how a fact is written out
             (`register_fact`: a level, an amount of money), for every sentence that names it.
event, entry kept as plain indexed integers (`event_id`, `entry_id`), not foreign keys: events
             and entries live in the layers above, and a foreign key would be a reach upwards.
"""
