"""A per-address limit for what anyone may send without logging in (a player's "Call the
floor"): at most ``limit`` requests per ``seconds`` from one address, counted in the cache
(shared by every server with `VPT_CACHE_URL`). The address is the login throttle's
(`vpt.accounts.throttle.client_address`), so both agree on who is who."""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest

from .throttle import client_address

__all__ = ["over_limit"]


def over_limit(request: HttpRequest, what: str, *, limit: int, seconds: int) -> bool:
    """Count this request of `what` from its address; whether it is over `limit` in the window
    of `seconds` that the address's first such request opened."""
    key = f"vpt:rate:{what}:{client_address(request)}"
    if cache.add(key, 1, seconds):
        return limit < 1
    try:
        count = cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, seconds)
        count = 1
    return count > limit
