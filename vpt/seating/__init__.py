"""Layer 4: who sits where.

Seats, the seat draw, seating late entries, moves, balancing (suggestions and moves), opening
and breaking tables, and the director's tables overview.
"""
