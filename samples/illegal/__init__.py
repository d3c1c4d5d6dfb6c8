"""The records of samples/illegal/, installed with dln as the package data ``dln.check.examples``.

This file makes the folder a package wherever dln runs from (an editable install maps it by name):
each record that carries a ``Wrong`` tag is the example ``dln explain`` shows for its code
(:mod:`dln.check.explain` reads them).
"""
