"""Club archives: pick out, split, merge and summarise many records (``dln filter``, ``split``,
``merge``, ``stats``), like pgn-extract and SCID do for chess.

Everything streams: games are read, judged and written one at a time
(:mod:`dln.archive.reading`), so memory does not grow with the archive;
what is kept across games is small and said where it is kept (a digest per
distinct game for ``--dedupe``, a result per game for the ratings).  The
replay that play conditions and statistics need is the validator's
(:mod:`dln.archive.facts`), asked for only when needed.
"""
