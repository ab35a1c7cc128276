"""Class docstrings' general gates (session 8), each with a control that stays reported."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings

_DOMAIN = '''
class Domain:
    """The bounding domain.

    Parameters
    ----------
    model : Model
        The model.
    prepare_inputs :
        Generates the input information; implemented by a subclass.
    evaluate :
        Performs a complete model evaluation.
    ignore_input :
        Not a parameter nor a method.
    """

    def __init__(self, model):
        self.model = model

    def prepare_inputs(self, inputs):
        raise NotImplementedError

    def evaluate(self, inputs):
        raise NotImplementedError
'''


def test_a_class_listing_its_own_methods_under_parameters(tmp_path: Path) -> None:
    # round 6 (astropy ``_BoundingDomain``): an abstract base lists the hooks its subclasses
    # implement under Parameters -- its interface, not its call; a name that is neither a
    # constructor parameter nor a method stays reported
    findings = default_findings(tmp_path, _DOMAIN)
    assert [(f.rule, f.message) for f in findings] == [
        (
            "C1-PARAM-UNKNOWN",
            'documents parameter "ignore_input", but Domain() has no such parameter',
        )
    ]


_TRANSFORMS = '''
class Transform:
    """A transform."""

    def __init__(self, data):
        self.data = data


class AffineTransform(Transform):
    """Affine transform.

    :param matrix: A 6-tuple (a, b, c, d, e, f).
    """


class QuadTransform(Transform):
    """Quad transform.

    :param xy: An 8-tuple.
    :param fill: Not an argument the constructor takes.
    """


class Mesh:
    """A mesh.

    :param matrix: A 6-tuple.
    """

    def __init__(self, data):
        self.data = data
'''


def test_a_subclass_naming_the_inherited_positional_arguments(tmp_path: Path) -> None:
    # round 8 (Pillow ``ImageTransform``): ``AffineTransform`` inherits ``__init__(self, data)``
    # and documents ``matrix``, what the one positional argument means for it; two names for
    # one argument, or a class's own constructor, stay reported
    findings = default_findings(tmp_path, _TRANSFORMS)
    assert sorted((f.qualname, f.message.split(",")[0]) for f in findings) == [
        ("Mesh", 'documents parameter "matrix"'),
        ("QuadTransform", 'documents parameter "fill"'),
        ("QuadTransform", 'documents parameter "xy"'),
    ]


def _findings(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    return sorted((f.qualname, f.message.split(",")[0]) for f in default_findings(tmp_path, code))


_RENAMED_IN_BASE = '''
class Transform:
    """A transform.

    :param data: The transform's coefficients.
    """

    def __init__(self, data):
        self.data = data


class AffineTransform(Transform):
    """Affine transform.

    :param matrix: A 6-tuple (a, b, c, d, e, f).
    """


class Base:
    def __init__(self, data):
        """Keep the data.

        :param data: The coefficients.
        """
        self.data = data


class Sub(Base):
    """A subclass.

    :param payload: The coefficients.
    """


class Plain:
    """Documents nothing."""

    def __init__(self, data):
        self.data = data


class Meaning(Plain):
    """Names what its argument means.

    :param matrix: A 6-tuple.
    """
'''


def test_a_subclass_still_naming_a_parameter_the_documented_base_renamed(tmp_path: Path) -> None:
    # session 9: the round-8 gate above silenced a real stale entry when the base renamed its
    # constructor parameter: a base that documents its parameters (class or __init__
    # docstring) names the arguments, so a subclass writing other names is judged; the
    # undocumented base of the Pillow convention (``Meaning``) stays silent
    assert _findings(tmp_path, _RENAMED_IN_BASE) == [
        ("AffineTransform", 'documents parameter "matrix"'),
        ("Sub", 'documents parameter "payload"'),
    ]


_FIELDS = '''
from dataclasses import dataclass, field
from typing import ClassVar


@dataclass
class Endpoint:
    """An endpoint.

    Args:
        name (`str`): Its name.
        status (`str`): Declared with init=False: an attribute.
        raw (`dict`): The raw answer.
        stale (`str`): No field, no parameter.
        kind (`str`): A class variable, no attribute of each object.
    """

    name: str
    status: str = field(init=False)
    raw: dict = field(repr=False)
    kind: ClassVar[str] = "endpoint"


@dataclass
class Quota:
    """A quota.

    Args:
        base (`float`): Total.
        remaining (`float`): Left.
        resets (`float`): Renamed to remaining long ago.
    """

    base: float
    remaining: float

    def __init__(self, data: dict) -> None:
        self.base = data["base"]
        self.remaining = data["current"]
'''


def test_dataclass_fields_documented_as_attributes(tmp_path: Path) -> None:
    # round 9 (huggingface_hub): a dataclass documents its fields under Args, including the
    # ``field(init=False)`` ones and those a custom ``__init__(data)`` fills in -- attributes,
    # not stale parameters; a name that is no field, and a ClassVar, stay reported
    assert _findings(tmp_path, _FIELDS) == [
        ("Endpoint", 'documents parameter "kind"'),
        ("Endpoint", 'documents parameter "stale"'),
        ("Quota", 'documents parameter "resets"'),
    ]


_CALLED = '''
class ortho_group_gen:
    """An orthogonal matrix distribution.

    Parameters
    ----------
    dim : scalar
        Dimension of matrices.
    seed : int, optional
        The seed.
    size : int
        Neither the constructor's nor the call's.
    """

    def __init__(self, seed=None):
        self.seed = seed

    def __call__(self, dim=None, seed=None):
        return (dim, seed)
'''


def test_a_class_documenting_its_call_beside_its_constructor(tmp_path: Path) -> None:
    # round 9 (scipy's ``*_gen`` distributions): ``dim`` is a parameter of ``__call__``,
    # ``seed`` of both; ``size`` of neither stays reported
    assert _findings(tmp_path, _CALLED) == [("ortho_group_gen", 'documents parameter "size"')]


_NEW_AND_INIT = '''
class Grouper:
    """A grouping.

    Parameters
    ----------
    key : str
        The key.
    *args
        Currently unused, reserved for future use.
    **kwargs
        Dictionary of the keyword arguments to pass to Grouper.
    sort : bool
        Neither __new__ nor __init__ takes it.
    """

    def __new__(cls, *args, **kwargs):
        return super().__new__(cls)

    def __init__(self, key=None):
        self.key = key
'''


def test_a_class_signature_is_its_new_and_its_init_together(tmp_path: Path) -> None:
    # round 19 (pandas ``Grouper``): ``C(...)`` calls ``__new__`` and ``__init__``; the
    # documented ``*args``/``**kwargs`` are ``__new__``'s.  ``sort`` that neither takes by
    # name stays reported (``__new__``'s ``**kwargs`` does not excuse every name)
    assert _findings(tmp_path, _NEW_AND_INIT) == [("Grouper", 'documents parameter "sort"')]


_CALLED_VIEW = '''
class OutEdgeView:
    """A view of the out-edges."""

    def __init__(self, G):
        self._graph = G

    def __call__(self, nbunch=None, data=False, *, default=None):
        return (nbunch, data, default)


class EdgeView(OutEdgeView):
    """A view of the edges; calling it reports them.

    Parameters
    ----------
    graph : NetworkX graph-like class
    nbunch : (default= all nodes in graph)
        only report edges with these nodes
    data : bool or string (default=False)
        see above
    default : object (default=None)
        the value of a missing attribute
    weight : str
        Neither the constructor's nor the call's.
    """
'''


def test_a_class_documenting_the_call_it_inherits(tmp_path: Path) -> None:
    # round 19 (networkx ``EdgeView``): ``nbunch``, ``data``, ``default`` are parameters of
    # ``OutEdgeView.__call__``, which the view inherits (1 hop); ``graph`` (judged TRUE: the
    # constructor takes ``G``) and ``weight``, of neither the constructor nor the call, stay
    # reported
    assert _findings(tmp_path, _CALLED_VIEW) == [
        ("EdgeView", 'documents parameter "graph"'),
        ("EdgeView", 'documents parameter "weight"'),
    ]


_INHERITED_FIELD = '''
class _Likelihood:
    has_analytic_marginal: bool = False

    def __init__(self, max_plate_nesting=1):
        self.max_plate_nesting = max_plate_nesting


class Likelihood(_Likelihood):
    """A likelihood.

    :param bool has_analytic_marginal: Whether the marginal is in closed form.
    :param max_plate_nesting: How many batch dimensions.
    :param str name_prefix: Neither a field nor a parameter.
    """

    def __init__(self, max_plate_nesting=1):
        super().__init__(max_plate_nesting)
'''


def test_a_class_documenting_a_field_its_base_declares(tmp_path: Path) -> None:
    # round 16 (gpytorch ``Likelihood``): ``has_analytic_marginal`` is an annotated field of
    # the project base ``_Likelihood``, an attribute of the class too; ``name_prefix``, of
    # neither, stays reported
    assert _findings(tmp_path, _INHERITED_FIELD) == [
        ("Likelihood", 'documents parameter "name_prefix"')
    ]
