"""Text and model: the DLN notation read into plain dataclasses and written back, with no rules.

``model`` holds the record (game, tags, round, setup, move, pile reference,
annotation, variation); ``parser`` and its ``fastpath`` read text, ``writer``
writes canonical text, ``errors`` and ``mistakes`` tell people what is wrong
and where; ``lines`` and ``bounds`` say what a line is and how much a record
may hold; ``sources`` streams files a game at a time and ``formatting`` is
``dln fmt``.  Nothing here knows a rule of the game: that is :mod:`dln.engine`.
"""
