"""One colour written two ways (for ``C2-DEFAULT-MISMATCH``, session 20).

Plotting libraries take matplotlib's colour notations, and a docstring may state the default in
another one than the signature: ``shadow_color='k'`` documented "default: 'black'" (round 5,
matplotlib), ``water_fill_color="1.0"`` (a grey level) documented "Defaults to ``"white"``"
(round 24, obspy, four entries).  Both name the same colour: :func:`same_colour` reads each
side as an RGB value -- a base colour's one-letter code, a named colour, a ``#rrggbb``/``#rgb``
hex string, a grey level between 0 and 1 -- and compares them, only for a parameter that is a
colour (its name or its entry says so).  Six hex digits without the ``#`` are read too: Earth
Engine's notation, ``color="000000"`` documented "Defaults to "black"" (round 92, geemap);
three bare digits are not (``"100"`` is as likely a number).  Codes are matplotlib's exact
values: ``'c'`` is (0, 0.75, 0.75), not CSS ``cyan``, so ``'c'`` documented "cyan" stays
reported.
"""

from __future__ import annotations

import re

__all__ = ["same_colour"]

_COLOUR_WORD = re.compile(r"colou?r", re.I)
_HEX = re.compile(r"#?([0-9a-f]{6})|#([0-9a-f]{3})")
_GREY = re.compile(r"(?:0(?:\.\d+)?|1(?:\.0*)?|\.\d+)")
# matplotlib's base colour codes and the named colours a default is usually written in
_NAMED = {
    "b": "0000ff",
    "g": "008000",
    "r": "ff0000",
    "c": "00bfbf",
    "m": "bf00bf",
    "y": "bfbf00",
    "k": "000000",
    "w": "ffffff",
    "blue": "0000ff",
    "green": "008000",
    "red": "ff0000",
    "cyan": "00ffff",
    "magenta": "ff00ff",
    "yellow": "ffff00",
    "black": "000000",
    "white": "ffffff",
    "gray": "808080",
    "grey": "808080",
    "orange": "ffa500",
    "purple": "800080",
}


def _rgb(text: str) -> str | None:
    """``text`` as ``rrggbb``, or None when it is no colour notation read here."""
    written = text.strip().lower()
    if written in _NAMED:
        return _NAMED[written]
    hexed = _HEX.fullmatch(written)
    if hexed:
        six, three = hexed.groups()
        return six or "".join(d * 2 for d in three)
    if _GREY.fullmatch(written):
        level = round(float(written) * 255)
        return f"{level:02x}" * 3
    return None


def same_colour(name: str, entry: str, documented: object, signature: object) -> bool:
    """Whether the documented and the signature default are one colour written two ways, on a
    parameter that is a colour (``name`` or the ``entry`` text says so)."""
    if not (isinstance(documented, str) and isinstance(signature, str)):
        return False
    if not (_COLOUR_WORD.search(name) or _COLOUR_WORD.search(entry)):
        return False
    a, b = _rgb(documented), _rgb(signature)
    return a is not None and a == b
