"""The settings of `bench/room.py`'s servers: the app's own (`vpt.settings`), with the one line
`record_hand` logs per hand turned on (`vpt.rounds.timing`: the time it held the write lock and
its statements), which production leaves off. Only the bench's servers load this module."""

from vpt.settings import *  # noqa: F403
from vpt.settings import DEBUG

if not DEBUG:  # the bench serves with debug off: LOGGING is the served one
    LOGGING["loggers"]["vpt.rounds.timing"] = {"level": "INFO"}  # noqa: F405
