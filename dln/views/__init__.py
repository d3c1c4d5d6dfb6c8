"""What people look at: the rendered table, the score sheet, the terminal replayer, the HTML viewer, SVG diagrams,
the DLN lexer and the checking commands' reports.

Everything here draws what the layers below decide; nothing here decides a
rule or reads notation of its own.
"""
