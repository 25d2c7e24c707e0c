"""Layer 5: the hands.

Hands, boards and exchanges; `record_hand` (services.py) and the corrections and voids that
re-score later hands (corrections.py), both scoring through the engine (scoring.py); the
dealer's table page and the result, the director's hand pages, the calculator and
POST /api/score, the simulation and the chip check.
"""
