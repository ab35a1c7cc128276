"""Documentation of external APIs, read statically from the user's own environment.

:mod:`docref.external.lookup` is the entry point
(:func:`~docref.external.lookup.python_external_doc`,
:func:`~docref.external.lookup.java_external_doc`); :mod:`docref.external.python` and
:mod:`docref.external.java` implement them. Used by the context stage and by static rules that
need to know what a library's function documents.
"""
