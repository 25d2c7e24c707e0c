#!/bin/sh
# Regenerate fixtures/demo_event.json (loaded by `make run`) after a migration or a change to
# the simulation: a 12-player, 60-hand progressive event played through record_hand, with a
# director (`director`) and a dealer (`dealer1`) assigned to table 1, and a small tour (the
# "VPT Demo Tour"): a finished 8-player warm-up of the same people, then the demo event. Both are saved without a
# usable password: `load_demo` gives each a generated one when it loads the fixture.
set -eu
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export DATABASE_URL="sqlite:///$WORK/demo.sqlite3"
unset VPT_SECRET_KEY || true

$PYTHON manage.py migrate --verbosity 0
$PYTHON manage.py shell --no-imports --command '
from django.contrib.auth.models import User
from vpt.tables.models import Table
from vpt.tables.services import assign_dealer
from decimal import Decimal
from vpt.money.payout_services import set_payout_structure
from vpt.events.services import update_event
from vpt.tours.services import create_tour
from vpt.tours.simulation import simulate_tour_event

director = User.objects.create_user("director", password=None, is_staff=True, is_superuser=True,
                                    first_name="Demo", last_name="Director")
dealer = User.objects.create_user("dealer1", password=None, first_name="Demo", last_name="Dealer")
tour = create_tour(slug="demo-tour", name="VPT Demo Tour", actor=director,
                   rule={"formula": "field", "multiplier": 10, "min_entries": 5, "min_events": 2})
warm_up = simulate_tour_event(tour=tour, players=8, hands=5000, seed=2025, actor=director,
                              slug="demo-warm-up", name="VPT Demo Warm-up", reentry=False)
assert warm_up.status == "finished", warm_up.status
event = simulate_tour_event(tour=tour, players=12, hands=60, seed=2026, actor=director, slug="demo-open",
                            name="VPT Demo Open")
table = Table.objects.filter(event=event, status=Table.Status.OPEN).order_by("number").first()
assign_dealer(table, dealer=dealer, actor=director)
# Money, so the payouts page and the results sheet have something to show.
update_event(event, actor=director, buy_in=Decimal("100.00"), fee=Decimal("10.00"), venue="Casino Gran Madrid")
set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("5"), actor=director)
print(event.slug, "dealer1 at", table)
'
$PYTHON manage.py check_chips --event demo-open
$PYTHON manage.py check_chips --event demo-warm-up
$PYTHON manage.py dumpdata --indent 1 --output fixtures/demo_event.json \
    auth.user audit people events tables seating rounds tours
echo "wrote fixtures/demo_event.json"
