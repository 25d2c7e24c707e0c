"""Slip benchmark: how long one chip-settlement slip and a 100-slip batch take to render.

Run as ``.venv/bin/python bench/slips.py`` from the repository root (or anywhere: the root is
put on ``sys.path``). It scores a set of random legal 3-handed deals with the engine, builds
their ``SlipData`` (from the engine's JSON, as ``score_hand --slip`` does) and prints

- ms per slip (``render_slip``), A6 and 80 mm thermal, English and Spanish;
- ms per 100-slip batch (``render_slips``: one PDF) and per slip within it;
- the size of a slip and of the batch.

Building the data is not timed: the renderer is. Timings are best-of-N over the whole set
(``timeit.repeat``, min). The goal (issue 5) is under 50 ms per slip.
"""

from __future__ import annotations

import os
import random
import sys
import timeit
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vpt.settings")

import django  # noqa: E402

django.setup()

from vpt.ofc import deck, score_json  # noqa: E402
from vpt.slips.data import SlipData, slip_data_from_json  # noqa: E402
from vpt.slips.slip import render_slip, render_slips  # noqa: E402

GOAL_MS = 50.0
NAMES = ["Ana García", "Benito Pérez", "Chen Wu", "Dolores Núñez", "Erik Johansson", "Fátima Zahra"]


def random_slips(count: int, seed: int = 5) -> list[SlipData]:
    rng = random.Random(seed)
    cards = [str(card) for card in deck()]
    slips = []
    for number in range(1, count + 1):
        rng.shuffle(cards)
        names = rng.sample(NAMES, 3)
        players = []
        for index, name in enumerate(names):
            hand = cards[index * 13 : (index + 1) * 13]
            players.append(
                {
                    "name": name,
                    "stack": rng.choice([300, 2500, 10000, 24000]),
                    "top": " ".join(hand[:3]),
                    "middle": " ".join(hand[3:8]),
                    "bottom": " ".join(hand[8:]),
                }
            )
        hand_input = {"chips_per_point": 100, "players": players}
        slips.append(
            slip_data_from_json(
                score_json(hand_input),
                hand_input=hand_input,
                event="VPT Madrid 2026 · Main Event",
                table="Table 7",
                hand_number=number,
                level=4,
                dealer="Marta",
                recorded_at=datetime(2026, 11, 29, 18, 0, tzinfo=UTC),
                public_url=f"https://vpt.example.org/standings/vpt-madrid-2026/hands/{number}/",
            )
        )
    return slips


def best_ms(function, repeat: int = 3, number: int = 1) -> float:
    return min(timeit.repeat(function, repeat=repeat, number=number)) / number * 1000


def main() -> int:
    slips = random_slips(100)
    render_slip(slips[0])  # warm up: font registration and parsing happen once per process
    print(f"slips: {len(slips)} random 3-handed hands, best of 3")
    worst = 0.0
    for language in ("en", "es"):
        for page_format in ("a6", "thermal80"):
            variant = [replace(slip, language=language, page_format=page_format) for slip in slips]
            per_slip = best_ms(lambda variant=variant: [render_slip(slip) for slip in variant]) / len(variant)
            worst = max(worst, per_slip)
            print(f"  render_slip   {page_format:<9} {language}: {per_slip:6.2f} ms per slip")
    batch = best_ms(lambda: render_slips(slips))
    print(f"  render_slips  100 slips (a6, en): {batch:7.1f} ms per batch, {batch / len(slips):5.2f} ms per slip")
    print(
        f"  size: one slip {len(render_slip(slips[0])) / 1024:.1f} KiB, batch {len(render_slips(slips)) / 1024:.1f} KiB"
    )
    verdict = "met" if worst < GOAL_MS else "NOT met"
    print(f"goal < {GOAL_MS:.0f} ms per slip: {verdict} (slowest case {worst:.2f} ms)")
    return 0 if worst < GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
