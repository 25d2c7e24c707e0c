"""The event's clock: the rules (`rules`: levels by minutes and/or hands, breaks, pause and
resume, what a level shows), a steady time that survives the laptop's clock jumping (`steady`),
the clock's services (start, pause, adjust, a level put in force) and its read models
(`selectors`, `display`).

It sits just above `vpt.events`, whose `Clock` row it keeps: the tables, seats and hands above
it pass down the facts it needs ("which tables still play Fantasyland") as plain values
(`RoomFacts`, built by `vpt.rounds.clock`).
"""
