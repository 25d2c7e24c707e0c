"""A festival's main event: its flights (Day 1A, 1B...), the end of a flight and its bag check,
the best-stack policy, Day 2's start and redraw, and the places over the whole main event
(festival.md, "Flights and the main event").

It sits above `vpt.money` (the main event's pool and results) and below `vpt.tours` (which
counts a main event as one event of its tour and simulates flights). The fields a flight needs
while its hands are recorded (the advance number) stay in `vpt.events.flights`.
"""
