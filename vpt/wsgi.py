"""The WSGI application gunicorn serves (`vpt.serve`), one per worker process.

A worker runs several threads under one GIL. A thread that waits on the database gives the
GIL up, and to go on it must wait until the thread now running gives it back: at the latest
after the switch interval, Python's 5 ms by default. Recording a hand holds SQLite's write lock
over about 14 statements, so in a worker busy rendering pages it waited up to 5 ms at each
of them, with every other writer of the room waiting behind it. At 1 ms the lock is held for
less of that wait; the threads' CPU work is the same, cut into shorter turns.
(`bench/record_hand.py --busy-threads 4` prints the lock held at both intervals.)
"""

import os
import sys

from django.core.wsgi import get_wsgi_application

SWITCH_INTERVAL_SECONDS = 0.001

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vpt.settings")
sys.setswitchinterval(SWITCH_INTERVAL_SECONDS)

application = get_wsgi_application()
