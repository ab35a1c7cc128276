"""A default that is a message key, documented by the text it stands for (for
``C2-DEFAULT-MISMATCH``, session 26).

A GUI toolkit with translations takes a key for a window's title and looks its text up when it
draws: pygame-gui's ``UIFileDialog(window_title="pygame-gui.file_dialog_title_bar")`` documented
"defaults to 'File Dialog'" (round 60, two dialogs).  The reader gets the English text, which is
what the docstring states.  :func:`names_the_key` takes a dotted key without spaces
(``package.some_name``) and a documented text whose every word is a word of the key's last part;
"defaults to 'Open File'" for the same key names a word the key lacks and stays reported.

A default that is a format template may be documented with its placeholders named: flask-caching's
``cached(key_prefix="view/%s")`` documents "Default 'view/%(request.path)s'" -- the ``%s`` is
filled with ``request.path`` (round 64).  :func:`names_the_placeholders` takes a documented text
that is the signature's template once each named placeholder (``%(name)s``, ``{name}``) is read
as the unnamed one of the same conversion; another text around them ('cache/%(request.path)s')
stays reported.
"""

from __future__ import annotations

import re

__all__ = ["names_the_key", "names_the_placeholders"]

# ``pygame-gui.file_dialog_title_bar``, ``app.menu.quit``: dotted parts, no spaces
_KEY = re.compile(r"[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)+")
_WORD = re.compile(r"[A-Za-z]+")


def names_the_key(documented: object, signature: object) -> bool:
    """Whether the documented text is the words of the message key ``signature``."""
    if not isinstance(documented, str) or not isinstance(signature, str):
        return False
    if not _KEY.fullmatch(signature) or not re.search(r"\s|[A-Z]", documented):
        return False
    said = [w.lower() for w in _WORD.findall(documented)]
    key_words = set(re.split(r"[_\-]", signature.rsplit(".", 1)[1].lower()))
    return bool(said) and all(w in key_words for w in said)


# ``%(request.path)s`` -> ``%s``; ``{path}`` -> ``{}``
_NAMED_PRINTF = re.compile(r"%\([^()%]+\)([-#0 +]*\d*(?:\.\d+)?[sdirfgexXoc])")
_NAMED_BRACE = re.compile(r"\{[A-Za-z_][\w.]*\}")
_UNNAMED = re.compile(r"%[-#0 +]*\d*(?:\.\d+)?[sdirfgexXoc]|\{\}")


def names_the_placeholders(documented: object, signature: object) -> bool:
    """Whether the documented text is the template ``signature`` with its unnamed placeholders
    written as named ones."""
    if not isinstance(documented, str) or not isinstance(signature, str):
        return False
    if not _UNNAMED.search(signature):
        return False
    unnamed = _NAMED_BRACE.sub("{}", _NAMED_PRINTF.sub(r"%\1", documented))
    return unnamed != documented and unnamed == signature
