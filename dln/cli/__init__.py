"""The ``dln`` command: thin commands that parse arguments, call the library and print.

``group`` holds the command group, which imports a command's module only
when it runs (``COMMANDS`` says where each command lives): ``commands``
has fmt, parse, validate, score and explain, ``replay`` the commands that
show positions (show, replay, position, moves), ``generate_record`` generate and
record, and one module each the viewers, archive tools, statistics and
analysis.  ``common`` holds what they share (exit codes, output
encodings, house-rule options) and ``reference`` the generated command
reference of docs/cli.md.
"""

from dln.cli.group import main

__all__ = ["main"]
