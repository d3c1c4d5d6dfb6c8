"""Time ``legal_moves(state, by_value=True)`` on the worst tables we could construct.

    python bench/legal_moves.py [--repeat 15] [--table NAME]... [--rules NAME]... [--no-exact] [--profile]

``by_value=True`` is what ``dln moves``, the validator's "legal instead" help,
the recorder and self-play's callers use: moves differing only in the suits of
equal values are listed once.  The exact list (``by_value=False``) cannot be
fast on these tables: on twenty loose aces to fives it holds over a million
captures.

What makes a listing expensive is the number of moves it must build, and the
sums behind them: every sub-multiset of the loose numerals that splits into
sets of a target (about 300 of the 3,125 of twenty aces to fives, for each
target 6-10), for each card's captures and for each card that may sit in a
group's set.  So the tables are:

* ``loose20`` - all twenty aces to fives loose; the seat to move holds 6, 7,
  8, 9 and two 10s: every card captures from the whole table and may group at
  every value from its own to 10.
* ``groups`` - the same loose cards and five groups on the table (two 6s,
  two 7s, ... two 10s, owners unstated), the mover holding 6, 6, 7, 8, 9, 10:
  each group doubles the captures and group declarations of its value.  The
  most moves of any hand of 6-10s with pair groups of 6-10s (all tried).
* ``plain`` - plain declarations of 3, 7 and 9 (made of small cards) and the
  five groups; under liberal_declarations a plain declaration worth less than
  a target joins the sets like a card, and each choice of them is a move of
  its own: the most moves of 300 random tables of this kind.
* ``hidden`` - ``groups`` with one card of the mover's hand unknown, so that
  whether they keep a card of a declared value must be looked up among the
  unseen cards.
* ``wide`` - three of each ace to nine loose (27 cards), four 10s, a 9 and
  an 8 in hand: far beyond the issue's table; the list is so long that
  building it is the cost (see docs/performance.md).

Each table is timed under the house rules named by ``--rules`` (default:
standard, liberal-declarations, forced-capture, both).  "cold" clears every
``functools`` cache of ``dln`` before each call, as a fresh ``dln moves``
process would have them; "warm" repeats the call with the caches filled.  The
garbage collector runs (``gc.collect()``) before each timed call, not during
the timing.  Best and median of ``--repeat`` calls, in milliseconds of CPU
time (``time.process_time``: what the load of other processes changes
least), with a fixed reference workload timed before and after, to compare
runs.  Run by
hand; the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import platform
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import dln
from dln.cards import Card
from dln.engine import Hand, Pile, RoundState, Rules, iter_legal_moves, legal_moves, setup_round
from dln.engine.rules import rules_for

SMALL = [Card(rank, suit) for rank in range(1, 6) for suit in "cdhs"]
RULES = {
    "standard": [],
    "liberal": ["liberal-declarations"],
    "forced": ["forced-capture"],
    "both": ["forced-capture", "liberal-declarations"],
}


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def pairs(hand: list[Card], first_id: int) -> list[Pile]:
    """A group of two equal cards for each value 6-10, from cards not in ``hand`` (owner unstated)."""
    piles = []
    for value in range(6, 11):
        free = [Card(value, s) for s in "cdhs" if Card(value, s) not in hand]
        piles.append(Pile(first_id + len(piles), value, True, None, tuple(free[-2:])))
    return piles


def table(name: str, rules: Rules) -> RoundState:
    """The position of table ``name`` (see the module's docstring), North to move."""
    hand: list[Card] | Hand
    loose: list[Card] = SMALL
    if name == "loose20":
        hand, piles = cards("6c 7c 8d 9s 10c 10d"), []
    elif name in ("groups", "hidden"):
        hand = cards("6c 6s 7c 8d 9s 10c")
        piles = pairs(hand, 1)
        if name == "hidden":
            hand = Hand(frozenset(hand[:-1]), unknown=1)
    elif name == "plain":
        hand = cards("6c 7c 8c 9c 10c 9d")
        piles = [Pile(1, 7, False, None, tuple(cards("3s 4s"))), Pile(2, 3, False, None, tuple(cards("Ad 2d"))),
                 Pile(3, 9, False, None, tuple(cards("4c 5c")))]
        used = {c for p in piles for c in p.cards}
        loose = [c for c in SMALL if c not in used]
        piles += pairs(hand, 4)
    elif name == "wide":
        hand = cards("10c 10d 10h 10s 9s 8s")
        loose = [Card(rank, suit) for rank in range(1, 10) for suit in "cdh"]
        piles = []
    else:
        raise SystemExit(f"unknown table {name!r}; tables: {', '.join(TABLES)}")
    return setup_round(rules, 2, "S", turn="N", deal=2, hands={"N": hand, "S": cards("Qc")},
                       loose=loose, piles=piles)


TABLES = ("loose20", "groups", "plain", "hidden", "wide")


def cpu_model() -> str:
    """The processor's name, where Linux tells it."""
    try:
        info = Path("/proc/cpuinfo").read_text()
    except OSError:
        return platform.processor() or platform.machine()
    return next((line.split(":", 1)[1].strip() for line in info.splitlines() if line.startswith("model name")),
                platform.machine())


def clear_caches() -> None:
    """Empty every ``functools`` cache in the loaded ``dln`` modules."""
    for module in [m for name, m in sys.modules.items() if name == "dln" or name.startswith("dln.")]:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def timed(call: Callable[[], object], repeat: int, before: Callable[[], None]) -> list[float]:
    """Milliseconds of ``repeat`` calls, each after ``before`` and a garbage collection."""
    times = []
    for _ in range(repeat):
        before()
        gc.collect()
        started = time.process_time()
        call()
        times.append((time.process_time() - started) * 1e3)
    return times


def reference(repeat: int) -> float:
    """Milliseconds (CPU, best of ``repeat``) of a fixed pure-Python workload: tuples, frozensets and
    a sort, the kind of work a listing does.  Printed before and after the tables, it tells how
    fast the machine ran this benchmark, so runs on a loaded machine can be compared."""
    def work() -> None:
        items = [(i % 13, i % 4, frozenset((i, i + 1))) for i in range(20_000)]
        items.sort(key=lambda t: (t[1], t[0]))

    return min(timed(work, repeat, lambda: None))


def main() -> int:
    parser = argparse.ArgumentParser(description="Time legal_moves(by_value=True) on the worst tables.")
    parser.add_argument("--repeat", type=int, default=15, help="timed calls per figure")
    parser.add_argument("--table", action="append", choices=TABLES, help="only these tables (repeatable)")
    parser.add_argument("--rules", action="append", choices=list(RULES), help="only these house rules (repeatable)")
    parser.add_argument("--no-exact", action="store_true", help="skip counting the exact list of loose20")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one cold call per table")
    args = parser.parse_args()
    print(f"dln from {Path(dln.__file__).parent}, Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, {cpu_model()}; --repeat {args.repeat}")
    print(f"reference workload: {reference(args.repeat):.2f} ms (CPU time; all figures below are CPU time of this "
          "process, which other processes on the machine change least)")
    print(f"{'table':<8} {'rules':<9} {'moves':>6}  {'cold best':>9} {'median':>7}  {'warm best':>9} {'median':>7}"
          "  (ms)")
    for name in args.table or TABLES:
        for label in args.rules or RULES:
            state = table(name, rules_for(RULES[label]))
            count = len(legal_moves(state, by_value=True))

            def call(state: RoundState = state) -> object:
                return legal_moves(state, by_value=True)

            cold = timed(call, args.repeat, clear_caches)
            warm = timed(call, args.repeat, lambda: None)
            print(f"{name:<8} {label:<9} {count:>6}  {min(cold):>9.2f} {statistics.median(cold):>7.2f}  "
                  f"{min(warm):>9.2f} {statistics.median(warm):>7.2f}", flush=True)
            if args.profile and label == (args.rules or list(RULES))[0]:
                clear_caches()
                profile = cProfile.Profile()
                profile.runcall(call)
                pstats.Stats(profile).sort_stats("tottime").print_stats(12)
    print(f"reference workload: {reference(args.repeat):.2f} ms")
    if not args.no_exact and (args.table is None or "loose20" in args.table):
        state = table("loose20", Rules())
        clear_caches()
        started = time.perf_counter()
        exact = sum(1 for _ in iter_legal_moves(state))
        print(f"loose20, standard rules, exact list (by_value=False): {exact:,} moves in "
              f"{time.perf_counter() - started:.1f} s (counted, not kept)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
