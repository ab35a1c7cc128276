"""C1-PARAM-UNKNOWN, session 16 (issue 12, rounds 13-20): entries that name no parameter on
purpose, each beside a control that stays reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.params import c1_param_unknown

from tests.names_helpers import messages
from tests.static_helpers import run_rule


def test_a_placeholder_tail_documents_a_family_of_parameters(tmp_path: Path) -> None:
    # jsonpickle's ``register_handlers`` (round 20): ``:param ndarray_abc_xyz:`` for the
    # ``ndarray_*`` keywords it forwards; a real-word tail, and a placeholder tail on a prefix
    # one parameter has, stay reported
    code = '''
    def register(ndarray_mode="warn", ndarray_size_threshold=16, ndarray_compression=None):
        """Register handlers.

        :param ndarray_abc_xyz: Forward constructor arguments to the handler: options with
            an 'ndarray_' prefix are the handler's options.
        """


    def register_stale(ndarray_mode="warn", ndarray_size_threshold=16):
        """Register handlers.

        :param ndarray_modes: the modes.
        """


    def register_one(ndarray_mode="warn", level=16):
        """Register handlers.

        :param ndarray_xyz: the ndarray options.
        """
    '''
    assert messages(run_rule(c1_param_unknown, tmp_path, code, "register")) == []
    assert messages(run_rule(c1_param_unknown, tmp_path, code, "register_stale")) == [
        'documents parameter "ndarray_modes", but register_stale() has no such parameter; '
        'did you mean "ndarray_mode"?'
    ]
    assert messages(run_rule(c1_param_unknown, tmp_path, code, "register_one")) == [
        'documents parameter "ndarray_xyz", but register_one() has no such parameter'
    ]
