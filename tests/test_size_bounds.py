"""A record's parts cost memory in proportion to their size, and each has a size it may not pass (issue 28).

A comment spread over many lines used to cost about 170 bytes per character
(a 20 MB comment took 3.4 GB in every command): the grammar's comment pattern
kept a backtracking frame for each character it read.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

#: Memory a comment may cost per character of it, beyond the text itself and its copies (the file's
#: lines, the game's text, the model's string): the old pattern cost about 170.
BYTES_PER_CHARACTER = 40

_PROBE = textwrap.dedent("""
    import resource, sys
    import dln
    size = int(sys.argv[1])
    line = "a comment line, written on many lines as a long note would be.\\n"
    comment = "{" + line * (size // len(line)) + "}"
    record = "round 1 dealer S\\ntable 5h 3c 9d Js\\nN 4d 5h =9 {a note}\\n"
    dln.loads(record)  # the parser loaded before the peak is taken
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    game = dln.loads(record.replace("{a note}", comment))
    assert game.rounds[0].moves[0].comments[0].startswith(line[:20])
    print(len(comment), (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024)
""")


def test_a_comment_over_many_lines_costs_memory_in_proportion_to_its_size() -> None:
    done = subprocess.run([sys.executable, "-c", _PROBE, str(900_000)], capture_output=True, text=True, check=True)
    size, grown = map(int, done.stdout.split())
    assert grown < BYTES_PER_CHARACTER * size, f"{grown / size:.0f} bytes per character of the comment"
