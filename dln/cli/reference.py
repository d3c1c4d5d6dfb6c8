"""The command reference of docs/cli.md, generated from the click commands so that it cannot drift.

docs/cli.md is written by hand except between the two markers below, where
``tools/cli_reference.py`` puts each command's help as ``dln COMMAND --help``
prints it (at a fixed width, so the page does not depend on the terminal).
``tests/test_cli.py`` checks that the committed page is what the tool writes.
"""

from __future__ import annotations

import click

from dln.cli.group import all_commands

BEGIN = "<!-- BEGIN GENERATED REFERENCE: tools/cli_reference.py writes this part; do not edit it by hand -->"
END = "<!-- END GENERATED REFERENCE -->"
#: Columns of the help texts on the page.
WIDTH = 88


def _context(command: click.Command, name: str, parent: click.Context | None = None) -> click.Context:
    settings = {**(parent.command.context_settings if parent else {}), **command.context_settings}
    return click.Context(command, info_name=name, parent=parent, terminal_width=WIDTH, max_content_width=WIDTH,
                         **settings)


def command_help(group: click.Group, name: str | None) -> str:
    """``dln NAME --help`` (``dln --help`` for no name) as click prints it, ``WIDTH`` columns wide."""
    top = _context(group, "dln")
    if name is None:
        return group.get_help(top)
    command = all_commands(group)[name]
    return command.get_help(_context(command, name, top))


def reference(group: click.Group) -> str:
    """The generated part of the page: a list of the commands, then each one's help."""
    lines = [BEGIN, "", "| command | what it does |", "| --- | --- |"]
    commands = all_commands(group)
    names = sorted(commands)
    for name in names:
        command = commands[name]
        lines.append(f"| [`dln {name}`](#dln-{name}) | {command.get_short_help_str(WIDTH)} |")
    lines += ["", "### dln", "", "```text", command_help(group, None), "```"]
    for name in names:
        lines += ["", f"### dln {name}", "", "```text", command_help(group, name), "```"]
    lines += ["", END]
    return "\n".join(lines)


def render(page: str, group: click.Group) -> str:
    """``page`` with its generated part replaced by the reference of ``group``'s commands as they are now."""
    start, end = page.find(BEGIN), page.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the page has no {BEGIN!r} ... {END!r} markers")
    return page[:start] + reference(group) + page[end + len(END):]
