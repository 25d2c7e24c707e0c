"""Top layer: printed documents.

Chip-settlement slips (A6 and 80 mm), seat cards, table lists, results and hand histories,
drawn with reportlab from plain data (`data.py`) that selectors read; the score_hand command.
"""
