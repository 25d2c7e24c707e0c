"""Final boards the tests deal from, shared by every test module (no card appears twice within
the three-player sets JACKS + ACES_FULL + QUEENS_FULL, or JACKS + ACES_FULL + QUEENS_FOULED).

Import them as ``from boards import JACKS`` (pytest puts tests/ on the path, pyproject.toml).
"""

JACKS = {"top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"}  # royalties 6 + 2
ACES_FULL = {"top": "3h 6d 9c", "middle": "Ts Js Qd Ks 2s", "bottom": "As Ad Ac 6c 6s"}  # royalties 6
QUEENS_FULL = {"top": "2c 3d 5h", "middle": "8h 8s 9h 9d Kc", "bottom": "Qs Qh Qc 2h 2d"}  # royalties 6
# QUEENS_FULL's cards with the rows swapped: the top beats the bottom, a foul.
QUEENS_FOULED = {"top": "Qs Qh Qc", "middle": "8h 8s 9h 9d Kc", "bottom": "2c 3d 5h 2h 2d"}
# Queens on top: the player goes to Fantasyland next hand.
QUEENS_UP = {"top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah"}
