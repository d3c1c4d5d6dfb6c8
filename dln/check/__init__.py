"""Records meet the rules: the validator, batch checking, setups, positions, verdicts and self-played records.

This layer walks a record (:mod:`dln.notation`) through the rules engine
(:mod:`dln.engine`) and says what it finds, as diagnostics with a place in the
text.  It also goes the other way: a position of the engine written as a
setup (``position``) and self-played games written as records (``generate``).
"""
