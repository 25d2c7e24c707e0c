"""Top layer: the public pages of an event, no login.

Standings (page, polled fragment, JSON), a table's hands with the why of each, a player's
page, payouts and the clock display.
"""
