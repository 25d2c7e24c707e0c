"""Engine benchmark: how fast a hand is scored, and how that compares with C and pure-Python evaluators.

Run as ``.venv/bin/python bench/engine.py`` from the repository root (or anywhere: the root is
put on ``sys.path``). It prints

- µs to score and settle a 3-player hand from parsed cards (``score_hand`` on ``PlayerHand``
  values built beforehand, many varied random legal deals, stacks given);
- µs to do the same from text (``score_json`` on decoded JSON dicts), and how many times the
  parsed path that is; then heads-up, the contract path (``score_json``) beside the parsed one;
- hands/s through ``python manage.py score_hand --jsonl`` when that command exists, and always
  the same work in-process (JSON lines -> ``score_json`` -> JSON lines);
- the same parsed-cards pipeline with the 5-card row evaluator swapped for phevaluator's C
  evaluator and for treys (3-card rows stay on our own table: neither library handles them),
  their library ranks converted to our comparable scale by a precomputed table so foul checks
  still work; then the ratios and whether issue 2's bars are met (ours within 1.5x of the
  phevaluator pipeline, at least 1.3x faster than the treys one).

Timings are best-of-N (``timeit.repeat``, min) over the whole set of deals.

Optionally (``--pineapple DIR``, or ``VPT_BENCH_PINEAPPLE=DIR``), the same heads-up boards
scored by the public ``pineapple`` engine: the pure-Python OFC Pineapple engine of the GitHub
repository giovinco0807/pineapple (``ai/engine/game_engine.py``, ``GameEngine.compute_result``:
row strengths, fouls, royalties, Fantasyland entry, points). DIR is a checkout of that
repository, or just its ``ai/engine`` folder kept at that path; none of its code is in this
project. To get it (tested at commit 9176d6f)::

    git clone <the repository> /tmp/pineapple-src
    mkdir -p /tmp/pineapple && git -C /tmp/pineapple-src archive HEAD ai/engine | tar -x -C /tmp/pineapple
    .venv/bin/python bench/engine.py --pineapple /tmp/pineapple

It scores lists of card text ("Qs", "Th": the text our rows are written in), so each board is
turned into its ``Board`` beforehand, outside the timing, and only ``compute_result`` is
timed, beside our contract path (``score_json``) on the same boards; the aim is ours at most
half its time. Its rules are checked against ours on every board (fouls, royalties, points,
Fantasyland entry: its rules are progressive's, heads-up). Its package imports numpy for a
neural-net encoding that scoring never calls; when numpy is absent a stub stands in.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import timeit
import types
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import vpt.ofc.scoring as scoring  # noqa: E402
from vpt.ofc import Board, Card, PlayerHand, deck, format_cards, get_ruleset, row_value, score_hand, score_json  # noqa: E402
from vpt.ofc.cards import RANKS  # noqa: E402

SEED = 20240601
DEALS = 500
REPEAT = 7
JSONL_HANDS = 5000
PLAYERS = 3
CHIPS_PER_POINT = 100
PHEVALUATOR_BAR = 1.5  # ours / phevaluator pipeline, at most
TREYS_BAR = 1.3  # treys pipeline / ours, at least
CONTRACT_AIM = 1.5  # score_json from text / score_hand from parsed cards, heads-up (issue 17)
PINEAPPLE_AIM = 0.5  # ours (score_json, heads-up) / the pineapple engine from text, at most (issue 17)


# -- deals --------------------------------------------------------------------------------------


def random_board(cards: Sequence[Card], rng: random.Random) -> Board:
    """13 cards as a player might set them: the stronger 5-card row at the bottom, and usually a
    few shuffles tried for a top row that stays under the middle (about 1 board in 8 fouls)."""
    cards = list(cards)
    board = None
    for _ in range(1 if rng.random() < 0.08 else 6):
        rng.shuffle(cards)
        top, first, second = tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:13])
        if row_value(first) > row_value(second):
            first, second = second, first
        board = Board(top=top, middle=first, bottom=second)
        if row_value(top) <= row_value(first):
            break
    assert board is not None
    return board


def random_deals(count: int, rng: random.Random, players: int = PLAYERS) -> list[list[PlayerHand]]:
    full = deck()
    deals = []
    for _ in range(count):
        dealt = rng.sample(full, 13 * players)
        deals.append(
            [
                PlayerHand(
                    f"P{seat + 1}",
                    random_board(dealt[13 * seat : 13 * seat + 13], rng),
                    stack=rng.choice((500, 2000, 8000, 10000, 25000)),
                )
                for seat in range(players)
            ]
        )
    return deals


def as_json(players: Sequence[PlayerHand]) -> dict[str, Any]:
    return {
        "variant": "progressive",
        "chips_per_point": CHIPS_PER_POINT,
        "players": [
            {
                "name": p.name,
                "stack": p.stack,
                "top": format_cards(p.board.top),
                "middle": format_cards(p.board.middle),
                "bottom": format_cards(p.board.bottom),
            }
            for p in players
        ],
    }


# -- timing -------------------------------------------------------------------------------------


def best_per_item(run: Callable[[], object], items: int, repeat: int = REPEAT) -> float:
    """Best-of-``repeat`` seconds per item for ``run`` (which processes ``items`` items)."""
    run()  # warm caches
    return min(timeit.repeat(run, number=1, repeat=repeat)) / items


# -- swapped evaluators -------------------------------------------------------------------------


def _representatives() -> list[tuple[Card, ...]]:
    """One 5-card hand per distinct poker hand class (7,462): every rank multiset, plus flushes."""
    suits = "shdc"
    hands = []
    for ranks in combinations_with_replacement(RANKS, 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        used: dict[str, int] = {}
        cards = []
        for rank in ranks:
            suit = suits[used.get(rank, 0)]
            used[rank] = used.get(rank, 0) + 1
            cards.append(Card.parse(rank + suit))
        # Not all one suit: a multiset of 5 distinct ranks gets s,s,s,s,h (the first card of
        # each rank is spades), so swap the last card's suit.
        if len(set(ranks)) == 5:
            cards[-1] = Card.parse(ranks[-1] + "h")
            hands.append(tuple(Card.parse(rank + "s") for rank in ranks))  # the flush
        hands.append(tuple(cards))
    assert len(hands) == 7462, len(hands)
    return hands


def swapped_row_value(evaluate5: Callable[[Sequence[Card]], int]) -> Callable[[Sequence[Card]], int]:
    """A ``row_value`` whose 5-card rows go through ``evaluate5`` (library rank, 1 = best)."""
    table = [0] * 7463
    for hand in _representatives():
        table[evaluate5(hand)] = row_value(hand)
    # Order check: the library's order and ours agree, so foul checks stay right.
    assert all(table[rank] > table[rank + 1] for rank in range(1, 7462))
    own = row_value
    return _make_row_value(evaluate5, table, own)


def _make_row_value(
    evaluate5: Callable[[Sequence[Card]], int], table: list[int], own: Callable[[Sequence[Card]], int]
) -> Callable[[Sequence[Card]], int]:
    def value(cards: Sequence[Card]) -> int:
        if len(cards) == 5:
            return table[evaluate5(cards)]
        return own(cards)

    return value


def phevaluator_pipeline() -> tuple[Callable[[Sequence[Card]], int], Callable[[Sequence[Card]], int]]:
    """Two 5-card evaluators on phevaluator: its public ``evaluate_cards``, and its bare C call."""
    from phevaluator import (
        _pheval,  # type: ignore[attr-defined]
        evaluate_cards,
    )
    from phevaluator.card import Card as PhCard

    ids = {card: PhCard.to_id(str(card)) for card in deck()}
    evaluate5_c = _pheval.evaluate_5cards

    def public(cards: Sequence[Card]) -> int:
        a, b, c, d, e = cards
        return evaluate_cards(ids[a], ids[b], ids[c], ids[d], ids[e])  # type: ignore[no-any-return]

    def bare(cards: Sequence[Card]) -> int:
        a, b, c, d, e = cards
        return evaluate5_c(ids[a], ids[b], ids[c], ids[d], ids[e])  # type: ignore[no-any-return]

    return swapped_row_value(public), swapped_row_value(bare)


def treys_pipeline() -> Callable[[Sequence[Card]], int]:
    from treys import Card as TreysCard
    from treys import Evaluator

    ids = {card: TreysCard.new(str(card)) for card in deck()}
    evaluator = Evaluator()
    no_hole_cards: list[int] = []

    def evaluate5(cards: Sequence[Card]) -> int:
        a, b, c, d, e = cards
        return evaluator.evaluate(no_hole_cards, [ids[a], ids[b], ids[c], ids[d], ids[e]])

    return swapped_row_value(evaluate5)


def time_pipelines(
    evaluators: dict[str, Callable[[Sequence[Card]], int] | None], deals: list[list[PlayerHand]]
) -> tuple[dict[str, float], dict[str, list[Any]]]:
    """Best µs per hand of the parsed-cards pipeline with each 5-card evaluator (None: ours).

    The evaluator is swapped by rebinding ``vpt.ofc.scoring.row_value`` in this process only.
    Rounds interleave the pipelines, so a noisy neighbour slows them all alike.
    """
    rules = get_ruleset("progressive")
    original = scoring.row_value
    best = {name: float("inf") for name in evaluators}
    results: dict[str, list[Any]] = {}

    def run() -> None:
        for players in deals:
            score_hand(players, rules, CHIPS_PER_POINT)

    try:
        for name, evaluator in evaluators.items():
            scoring.row_value = evaluator or original  # type: ignore[assignment]
            results[name] = [score_hand(players, rules, CHIPS_PER_POINT) for players in deals]
        for _ in range(REPEAT):
            for name, evaluator in evaluators.items():
                scoring.row_value = evaluator or original  # type: ignore[assignment]
                run()
                best[name] = min(best[name], min(timeit.repeat(run, number=1, repeat=3)) / len(deals))
    finally:
        scoring.row_value = original
    return best, results


# -- JSON lines ---------------------------------------------------------------------------------


def jsonl_in_process(lines: list[str]) -> float:
    def run() -> None:
        out = []
        for line in lines:
            out.append(json.dumps(score_json(json.loads(line))))

    return 1 / best_per_item(run, len(lines), repeat=3)


def jsonl_command(lines: list[str]) -> float | None:
    """Hands/s through ``manage.py score_hand --jsonl`` (start-up excluded); ``None`` when Django
    knows no such command (whichever app holds it: the command is asked for, not looked up)."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as handle:
        handle.write("\n".join(lines) + "\n")
        path = handle.name
    empty = Path(path + ".empty")
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        argv = [sys.executable, str(ROOT / "manage.py"), "score_hand", "--jsonl", path]
        # Startup (Django set-up) is measured separately and subtracted: a long log dominates it.
        empty.write_text("")
        probe = subprocess.run([*argv[:-1], str(empty)], capture_output=True, env=env, cwd=ROOT, text=True)
        if probe.returncode != 0:
            if "Unknown command" in probe.stderr:
                return None
            raise RuntimeError(f"manage.py score_hand --jsonl failed: {probe.stderr.strip()}")
        best_startup = best_total = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            subprocess.run([*argv[:-1], str(empty)], check=True, capture_output=True, env=env, cwd=ROOT)
            best_startup = min(best_startup, time.perf_counter() - started)
            started = time.perf_counter()
            done = subprocess.run(argv, check=True, capture_output=True, env=env, cwd=ROOT, text=True)
            best_total = min(best_total, time.perf_counter() - started)
        results = done.stdout.splitlines()
        assert len(results) == len(lines), (len(results), len(lines))
        assert all("error" not in json.loads(result) for result in results[:50])
        print(
            f"  (command start-up {best_startup * 1000:.0f} ms, {len(lines)} hands in "
            f"{best_total * 1000:.0f} ms including start-up)"
        )
        return len(lines) / max(best_total - best_startup, 1e-9)
    finally:
        os.unlink(path)
        empty.unlink(missing_ok=True)


# -- main ---------------------------------------------------------------------------------------


def load_pineapple(directory: Path) -> types.ModuleType:
    """The pineapple engine's ``game_engine`` module, from a checkout (or its ``ai/engine``)."""
    package_dir = directory / "ai" / "engine" if (directory / "ai" / "engine").is_dir() else directory
    if not (package_dir / "game_engine.py").is_file():
        raise SystemExit(f"--pineapple: no ai/engine/game_engine.py under {directory}")
    if importlib.util.find_spec("numpy") is None:  # only its neural-net encoding uses numpy
        stub = types.ModuleType("numpy")
        stub.ndarray = object  # type: ignore[attr-defined]
        sys.modules["numpy"] = stub
    spec = importlib.util.spec_from_file_location(
        "pineapple_engine", package_dir / "__init__.py", submodule_search_locations=[str(package_dir)]
    )
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules["pineapple_engine"] = package
    spec.loader.exec_module(package)
    return importlib.import_module("pineapple_engine.game_engine")


def pineapple_comparison(engine: types.ModuleType) -> None:
    """Heads-up, our contract path beside the pineapple engine on the same boards, and whether
    the two agree on each board's foul, royalties, points and Fantasyland entry."""
    board_type = engine.Board
    deals = random_deals(DEALS, random.Random(SEED + 2), players=2)
    dicts = [as_json(players) for players in deals]
    hands = []
    for players in deals:  # its input, from our rows' text, built before any timing
        hand = engine.Hand.__new__(engine.Hand)
        hand.boards = [
            board_type(
                top=format_cards(p.board.top).split(),
                middle=format_cards(p.board.middle).split(),
                bottom=format_cards(p.board.bottom).split(),
            )
            for p in players
        ]
        hands.append(hand)
    compute = engine.GameEngine.compute_result

    differences: dict[str, int] = {"foul": 0, "royalties": 0, "points": 0, "fantasyland": 0}
    example = ""
    for data, hand in zip(dicts, hands, strict=True):
        ours, theirs = score_json(data), compute(hand)
        for seat, player in enumerate(ours["players"]):
            checks = {
                "foul": (player["fouled"], theirs.busted[seat]),
                "royalties": (player["royalties"], theirs.royalties[seat]),
                "points": (player["points"], theirs.raw_score[seat]),
                "fantasyland": (player["fantasyland_next_cards"], theirs.fl_card_count[seat]),
            }
            for what, (our_value, its_value) in checks.items():
                if our_value != its_value:
                    differences[what] += 1
                    example = example or f"{what} of {data['players'][seat]}: ours {our_value}, its {its_value}"

    mine = theirs_time = float("inf")
    for _ in range(REPEAT * 3):  # alternated, best of each, as in contract_path
        mine = min(mine, best_per_item(lambda: [score_json(d) for d in dicts], DEALS, 1))
        theirs_time = min(theirs_time, best_per_item(lambda: [compute(h) for h in hands], DEALS, 1))
    ratio = mine / theirs_time
    where = Path(str(engine.__file__)).parent
    print(f"pineapple engine ({where}), heads-up GameEngine.compute_result: {theirs_time * 1e6:8.2f} µs")
    print(
        f"ours from text (score_json) / pineapple: {mine * 1e6:.2f} / {theirs_time * 1e6:.2f} µs = {ratio:.2f}x "
        f"(aim: at most {PINEAPPLE_AIM}x) {'MET' if ratio <= PINEAPPLE_AIM else 'NOT MET'}"
    )
    boards = 2 * DEALS
    if any(differences.values()):
        found = ", ".join(f"{what} on {count} of {boards} boards" for what, count in differences.items() if count)
        print(f"  its rules differ from ours: {found}; first: {example}")
    else:
        print(f"  it agrees with ours on fouls, royalties, points and Fantasyland entry on all {boards} boards")


def parsed_and_text(deals: Sequence[Sequence[PlayerHand]]) -> tuple[float, float]:
    """Seconds per hand for ``deals`` from parsed cards (``score_hand``) and through the contract
    (``score_json``: read and check the JSON hand, score it, build the output), alternated, best
    of each: a busy machine slows both alike, so their ratio holds."""
    rules = get_ruleset("progressive")
    dicts = [as_json(players) for players in deals]
    parsed = from_text = float("inf")
    for _ in range(REPEAT * 3):
        parsed = min(parsed, best_per_item(lambda: [score_hand(d, rules, CHIPS_PER_POINT) for d in deals], DEALS, 1))
        from_text = min(from_text, best_per_item(lambda: [score_json(d) for d in dicts], DEALS, 1))
    return parsed, from_text


def contract_path() -> None:
    """Heads-up, the contract's whole path beside scoring the same boards from parsed cards."""
    parsed, from_text = parsed_and_text(random_deals(DEALS, random.Random(SEED + 2), players=2))
    ratio = from_text / parsed
    print(f"heads-up from parsed cards (score_hand):      {parsed * 1e6:8.2f} µs")
    print(
        f"heads-up from text, the contract (score_json): {from_text * 1e6:8.2f} µs, {ratio:.2f}x "
        f"(aim: at most {CONTRACT_AIM}x) {'MET' if ratio <= CONTRACT_AIM else 'NOT MET'}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--pineapple",
        metavar="DIR",
        type=Path,
        default=os.environ.get("VPT_BENCH_PINEAPPLE") or None,
        help="also compare with the pineapple engine checked out at DIR (env VPT_BENCH_PINEAPPLE)",
    )
    options = parser.parse_args(argv)
    pineapple = load_pineapple(Path(options.pineapple)) if options.pineapple is not None else None
    rng = random.Random(SEED)
    deals = random_deals(DEALS, rng)
    rules = get_ruleset("progressive")
    fouls = sum(board.fouled for players in deals for board in score_hand(players, rules, CHIPS_PER_POINT).boards)
    print(
        f"OFC engine benchmark: {DEALS} random legal 3-player deals (seed {SEED}), "
        f"{fouls / (DEALS * PLAYERS):.0%} of boards fouled, stacks given, best of {REPEAT * 3} runs"
    )
    print(f"Python {sys.version.split()[0]}")

    ph_public, ph_bare = phevaluator_pipeline()
    timings, results = time_pipelines(
        {"ours": None, "phevaluator": ph_public, "phevaluator-bare": ph_bare, "treys": treys_pipeline()}, deals
    )
    # Same pipeline, same answers: the swap changed speed only.
    assert all(answers == results["ours"] for answers in results.values())
    ours, ph_time, bare_time, treys_time = (
        timings[name] for name in ("ours", "phevaluator", "phevaluator-bare", "treys")
    )
    print(f"score a 3-player hand from parsed cards (score_hand): {ours * 1e6:8.2f} µs")
    print(f"same pipeline, 5-card rows by phevaluator.evaluate_cards (C): {ph_time * 1e6:8.2f} µs")
    print(f"same pipeline, 5-card rows by phevaluator's bare C call:       {bare_time * 1e6:8.2f} µs")
    print(f"same pipeline, 5-card rows by treys Evaluator:                 {treys_time * 1e6:8.2f} µs")

    dicts = [as_json(players) for players in deals]
    parsed, from_text = parsed_and_text(deals)
    print(
        f"score a 3-player hand from text (score_json on dicts): {from_text * 1e6:8.2f} µs, "
        f"{from_text / parsed:.2f}x the parsed path (alternated with it: {parsed * 1e6:.2f} µs)"
    )
    contract_path()
    if pineapple is not None:
        pineapple_comparison(pineapple)

    lines = [json.dumps(dicts[i % len(dicts)]) for i in range(JSONL_HANDS)]
    print(f"JSON lines in-process (json.loads -> score_json -> json.dumps): {jsonl_in_process(lines):10,.0f} hands/s")
    through_command = jsonl_command(lines)
    if through_command is None:
        print("manage.py score_hand --jsonl: Django knows no score_hand command (measured in-process above)")
    else:
        print(f"manage.py score_hand --jsonl: {through_command:10,.0f} hands/s (start-up excluded)")

    ratio_ph = ours / ph_time
    ratio_bare = ours / bare_time
    ratio_treys = treys_time / ours
    ok_ph = ratio_ph <= PHEVALUATOR_BAR
    ok_treys = ratio_treys >= TREYS_BAR
    print(
        f"ours / phevaluator pipeline: {ratio_ph:.2f}x (bar: at most {PHEVALUATOR_BAR}x) "
        f"{'MET' if ok_ph else 'NOT MET'}"
    )
    print(f"ours / phevaluator bare-C pipeline: {ratio_bare:.2f}x (for information)")
    print(f"treys pipeline / ours: {ratio_treys:.2f}x (bar: at least {TREYS_BAR}x) {'MET' if ok_treys else 'NOT MET'}")
    return 0 if ok_ph and ok_treys else 1


if __name__ == "__main__":
    sys.exit(main())
