"""C1-PARAM-UNKNOWN: entries that name no parameter on purpose (precision round 8), each with
a control that stays reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.params import c1_param_unknown

from tests.names_helpers import messages
from tests.static_helpers import run_rule


def test_numbered_items_of_a_vararg(tmp_path: Path) -> None:
    # sympy's ``potential_energy(*body)``: ``body1, body2, body3... : Particle``
    code = '''
    def energy(frame, *body):
        """Energy of bodies.

        Parameters
        ==========

        frame : Frame
            The frame.
        body1, body2, body3... : Particle
            The bodies.
        bodies : Particle
            A stale name.
        """
    '''
    assert messages(run_rule(c1_param_unknown, tmp_path, code, "energy")) == [
        'documents parameter "bodies", but energy() has no such parameter'
    ]


def test_an_entry_listing_the_accepted_types(tmp_path: Path) -> None:
    # sympy's ``Plane.distance(self, o)``: the entry is ``Point3D, LinearEntity3D, Plane.``
    code = '''
    class Point3D:
        pass


    class Plane:
        def distance(self, o):
            """Distance to another entity.

            Parameters
            ==========

            Point3D, Plane, tuple.

            """

        def project(self, o):
            """Project.

            Parameters
            ==========

            Point3D, other

            """
    '''
    assert run_rule(c1_param_unknown, tmp_path, code, "Plane.distance") == []
    # control: a lower-case word in the list makes it names, judged as such
    assert messages(run_rule(c1_param_unknown, tmp_path / "b", code, "Plane.project")) == [
        'documents parameter "Point3D", but project() has no such parameter',
        'documents parameter "other", but project() has no such parameter',
    ]


def test_entries_describing_the_elements_of_a_tuple(tmp_path: Path) -> None:
    # sympy's ``Cable.__init__(self, support_1, support_2)``: "tuples of the form
    # (label, x, y), where" and then ``label``, ``x`` and ``y`` entries
    code = '''
    def cable(support_1, support_2):
        """Make a cable.

        Parameters
        ==========

        support_1 and support_2 are tuples of the form (label, x, y), where

        label : str
            The label.
        x : float
            The x coordinate.
        z : float
            Not an element.
        height : float
            Named by the tuple of Returns only.

        Returns
        =======

        (z, height)
        """
    '''
    assert messages(run_rule(c1_param_unknown, tmp_path, code, "cable")) == [
        'documents parameter "z", but cable() has no such parameter',
        'documents parameter "height", but cable() has no such parameter',
    ]


def test_a_tuple_of_the_functions_own_parameters_does_not_hide_a_stale_entry(
    tmp_path: Path,
) -> None:
    # werkzeug's ``Client.delete_cookie``: "identified by ``(domain, path, key)``" lists the
    # function's parameters; after ``path`` became ``new_path`` its entry is stale
    code = '''
    def delete_cookie(key, *, domain="localhost", new_path="/"):
        """Delete a cookie. Cookies are identified by ``(domain, path, key)``.

        :param key: The key.
        :param domain: The domain.
        :param path: The path the cookie was set for.
        """
    '''
    assert messages(run_rule(c1_param_unknown, tmp_path, code, "delete_cookie")) == [
        'documents parameter "path", but delete_cookie() has no such parameter',
    ]
    # control: a tuple of elements that are no parameters still describes a parameter's parts
    code_parts = '''
    def place(point):
        """Place a point, a tuple of the form (label, x, y), where

        :param label: The label.
        :param x: The x coordinate.
        """
    '''
    assert run_rule(c1_param_unknown, tmp_path / "b", code_parts, "place") == []
