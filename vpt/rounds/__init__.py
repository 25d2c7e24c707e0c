"""Layer 5: the hands.

Hands, boards and exchanges; `record_hand` (services.py) and the corrections and voids that
re-score later hands (corrections.py), both scoring through the engine (scoring.py); the
hand's read model (hand_view.py, read by `selectors.hand_views`) that every page, slip and JSON
of a recorded hand reads, the hands JSON (hands_json.py), the preview, the simulation and the
chip check.
"""
