"""The static tier: deterministic rules that prove an inconsistency from the code alone.

Every rule is a function ``(StaticInput) -> list[Finding]`` (see :mod:`.base`); precision
first: a rule reports only what the AST (and the 1-hop project graph) proves.
"""
