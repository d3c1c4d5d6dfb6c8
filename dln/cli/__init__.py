"""The ``dln`` command: thin commands that parse arguments, call the library and print.

``commands`` holds the command group and most commands, ``replay`` the
commands that show positions (show, replay, position), ``common`` what they
share (exit codes, output encodings, house-rule options) and ``reference``
the generated command reference of docs/cli.md.
"""

from dln.cli.commands import main

__all__ = ["main"]
