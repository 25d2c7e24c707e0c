"""Layer 1 of the apps (above the engine): roles.

The decorators views use (`director_required`, `dealer_required`), the checks every service
starts with (`ensure_director`, `ensure_can_record`), the typed `Actor` a service acts for,
and the login pages (with throttling).
"""
