"""``python -m dln`` runs the command line."""

from dln.cli import main

main()
