"""Round 92 (session 35, private held-out): the FALSE shapes of the first pass, and round 93's
(public) ``_base_ordering`` label, each beside a control of the same shape where the docstring
really is stale and must stay reported."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings


def _found(tmp_path: Path, code: str, rule: str) -> list[str]:
    """The messages of ``rule``'s findings on ``code``, as ``function: message``."""
    return sorted(
        f"{f.qualname}: {f.message}" for f in default_findings(tmp_path, code) if f.rule == rule
    )


_STYLING = '''
def vector_styling(features, color=DEFAULT, width=2):
    """Styles a FeatureCollection.

    Args:
        features (list): The features to style.
        color (str, optional): A default color (CSS 3.0 color value e.g. 'FF0000' or 'red') to
            use for drawing the features. Defaults to "black".
        width (int, optional): Line width. Defaults to 2.
    """
    return [(f, color, width) for f in features]
'''


def test_a_bare_hex_colour_is_the_colour_it_codes(tmp_path: Path) -> None:
    """geemap ``vector_styling(color="000000")``: Earth Engine writes colours as six hex digits
    without ``#``; "black" is the same colour.  Another colour, or bare hex on a parameter that
    is no colour, stays reported."""
    assert _found(tmp_path, _STYLING.replace("DEFAULT", '"000000"'), "C2-DEFAULT-MISMATCH") == []
    assert _found(tmp_path, _STYLING.replace("DEFAULT", '"00000000"'), "C2-DEFAULT-MISMATCH") != []
    assert _found(tmp_path, _STYLING.replace("DEFAULT", '"FFFFFF"'), "C2-DEFAULT-MISMATCH") == [
        'vector_styling: documents default "black" for "color", but the signature default is '
        '"FFFFFF"'
    ]
    no_colour = _STYLING.replace("color", "code").replace("DEFAULT", '"000000"')
    assert _found(tmp_path, no_colour, "C2-DEFAULT-MISMATCH") == [
        'vector_styling: documents default "black" for "code", but the signature default is '
        '"000000"'
    ]


_LAYERS = '''
Layer = tuple[int, int]


class LayerViews:
    def __init__(self) -> None:
        self.layers: dict[str, Layer] = {}

    def get_layer_tuples(self) -> RETURNED:
        """Returns SAID."""
        return set(self.layers.values())
'''


def _layers(tmp_path: Path, returned: str, said: str) -> list[str]:
    code = _LAYERS.replace("RETURNED", returned).replace("SAID", said)
    return _found(tmp_path, code, "C2-PROSE-RETURN-TYPE")


def test_a_kind_given_for_each_thing_is_the_kind_of_the_items(tmp_path: Path) -> None:
    """gdsfactory ``LayerViews.get_layer_tuples() -> set[Layer]``: "a tuple for each layer" is
    one tuple per layer, the set's items (the alias expanded).  The same claim without the
    distributive phrase, or on a set whose items are no tuples (or of a kind not known),
    stays reported."""
    assert _layers(tmp_path, "set[Layer]", "a tuple for each layer.") == []
    assert _layers(tmp_path, "list[tuple[int, int]]", "a tuple per layer.") == []
    assert _layers(tmp_path, "set[Layer]", "a tuple of the layer numbers.") == [
        'LayerViews.get_layer_tuples: says it returns "a tuple" (a tuple), but '
        "get_layer_tuples() is annotated `-> set[Layer]`"
    ]
    assert _layers(tmp_path, "set[int]", "a tuple for each layer.") == [
        'LayerViews.get_layer_tuples: says it returns "a tuple" (a tuple), but '
        "get_layer_tuples() is annotated `-> set[int]`"
    ]


_ROUTES = '''
def route_ports_to_side(ports: list[str], side: str = "north") -> tuple[list[str], list[str]]:
    """Routes ports to a given side.

    Args:
        ports: ports to route to a side.
        side: 'north', 'south', 'east' or 'west'.

    Returns:
        List of routes: with routing elements.
        SECOND
    """
    return [p + side for p in ports], ports
'''


def test_google_returns_lines_typed_by_a_phrase_are_the_tuple_items(tmp_path: Path) -> None:
    """gdsfactory ``route_ports_to_side``: "List of routes: ..." then "List of ports: ..." at
    the entry's indentation are one line per item of the returned tuple, as ``str: ...`` then
    ``dict: ...`` are.  The first line alone, or followed by a plain sentence, is the type of
    the whole value and stays reported."""
    two_lines = _ROUTES.replace("SECOND", "List of ports: of the new ports.")
    assert _found(tmp_path, two_lines, "C2-RETURN-TYPE") == []
    reported = [
        'route_ports_to_side: says it returns "List of routes", but route_ports_to_side() '
        "returns tuple[list[str], list[str]]"
    ]
    assert _found(tmp_path, _ROUTES.replace("SECOND", ""), "C2-RETURN-TYPE") == reported
    sentence = _ROUTES.replace("SECOND", "Each route holds its ports.")
    assert _found(tmp_path, sentence, "C2-RETURN-TYPE") == reported


_DATES = '''
class OgcRequest:
    """A request."""


class GeopediaWmsService:
    def get_dates(self, SIGNATURE) -> list:
        """Geopedia does not support date queries

        :param request: OGC-type request
        ENTRY
        :return: Undefined date
        """
        return [None]
'''


def _dates(tmp_path: Path, signature: str, entry: str = "") -> list[str]:
    code = _DATES.replace("SIGNATURE", signature).replace("ENTRY", entry)
    return _found(tmp_path, code, "C1-PARAM-UNKNOWN")


def test_the_role_of_an_unused_underscore_parameter(tmp_path: Path) -> None:
    """sentinelhub ``GeopediaWmsService.get_dates(self, _: OgcRequest)`` documenting
    ``request``: the override keeps the argument its callers pass and names it ``_``, unused;
    the entry at its place names its role.  A parameter renamed to something else, an entry
    at another place than the ``_`` (a removed parameter beside it), or two ``_``-like
    parameters stay reported."""
    assert _dates(tmp_path, "_: OgcRequest") == []
    assert _dates(tmp_path, "_: OgcRequest, context=None", ":param context: unused.") == []
    renamed = [
        'GeopediaWmsService.get_dates: documents parameter "request", but get_dates() has no '
        "such parameter"
    ]
    assert _dates(tmp_path, "ogc_request: OgcRequest") == renamed
    assert _dates(tmp_path, "context, _: OgcRequest", ":param context: unused.") == renamed
    assert _dates(tmp_path, "_, __") == renamed
    timeout = (
        'GeopediaWmsService.get_dates: documents parameter "timeout", but get_dates() has no '
        "such parameter"
    )
    assert _dates(tmp_path, "_: OgcRequest", ":param timeout: seconds.") == [timeout]


_ORDERING = '''
def _base_ordering(base, degree):
    """
    Order the points so that base points come first and in order.

    Parameters
    ==========

    base : list
        The base.
    degree : int
        The degree of the associated permutation group.

    Returns
    =======

    SAID
    """
    ordering = [0] * degree
    for i, b in enumerate(base):
        ordering[b] = i
    return ordering
'''


def test_a_returns_entry_labels_the_value_by_the_function_name(tmp_path: Path) -> None:
    """diofant ``_base_ordering(base, degree)``: "A list ``base_ordering`` such that
    ``base_ordering[point]`` is ..." under Returns names the value what the function is
    called, not ``base`` under an old name.  Another name there, or the function's name in
    the summary, stays reported."""
    said = "A list ``LABEL`` such that ``LABEL[point]`` is the number of ``point``."
    own = _ORDERING.replace("SAID", said.replace("LABEL", "base_ordering"))
    assert _found(tmp_path, own, "C1-PROSE-NAME-STALE") == []
    other = _ORDERING.replace("SAID", said.replace("LABEL", "base_order"))
    assert _found(tmp_path, other, "C1-PROSE-NAME-STALE") == [
        "_base_ordering: `base_order` names nothing in scope; it looks like the parameter "
        "`base` under its old name"
    ]
    in_summary = own.replace(
        "Order the points so that base points come first and in order.",
        "Order the points so that ``base_ordering`` points come first.",
    )
    assert _found(tmp_path, in_summary, "C1-PROSE-NAME-STALE") == [
        "_base_ordering: `base_ordering` names nothing in scope; it looks like the parameter "
        "`base` under its old name"
    ]
