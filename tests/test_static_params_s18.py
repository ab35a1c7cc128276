"""C1-PARAM-UNKNOWN false-alarm mechanisms of session 18, each with a control beside it."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings

_KEYWORD_DICT = '''
class BeachBall:
    def save(self, kwargs):
        """Save the beachball without plotting.

        :param outfile: name of the file to write
        :param format: file format, if the name has no suffix
        """
        self._update(kwargs)

    def plot(self, timeout, kwargs: dict[str, object]):
        """Plot it.

        :param timout: seconds to wait
        :param colour: the colour of the pressure area
        """
        self._update(kwargs)
        return timeout

    def label(self, kwargs: str):
        """Label it.

        :param kwargs: the label
        :param size: the font size
        """
        return kwargs

    def run_fixture(self, fixture_callback, kwargs: dict[str, object]):
        """Run a fixture.

        :param fixture_func: the fixture function
        :param kwargs: keyword arguments to call it with
        """
        return fixture_callback(**kwargs)

    def _update(self, kwargs):
        self.__dict__.update(kwargs)
'''


def _findings(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    return sorted((f.qualname, f.message.split(",")[0]) for f in default_findings(tmp_path, code))


def test_a_dict_parameter_named_kwargs_documents_its_keys(tmp_path: Path) -> None:
    # round 24 (obspy's mopad ``BeachBall.get_psxy(self, kwargs)``, ``save_BB``): a plain
    # parameter named ``kwargs`` holds the keyword options, and the ``:param`` entries
    # document its keys, as they would those of a ``**kwargs``.  Controls: a provable rename
    # in the same construct (``timout`` for ``timeout``), a ``kwargs`` annotated ``str`` (no
    # dict: ``size`` is a stale entry) and a renamed parameter beside a ``kwargs`` documented
    # as one argument (anyio's ``run_fixture``, a recall mutation) stay reported
    assert _findings(tmp_path, _KEYWORD_DICT) == [
        ("BeachBall.label", 'documents parameter "size"'),
        ("BeachBall.plot", 'documents parameter "timout"'),
        ("BeachBall.run_fixture", 'documents parameter "fixture_func"'),
    ]


_TEMPLATE = '''
class TemplateClass:
    def query_object_async(self, object_name, *, get_query_payload=False):
        """Query an object.

        Parameters
        ----------
        object_name : str
            name of the identifier to query.
        any_other_param : <param_type>
            similarly list other parameters the method takes
        other_param : int
            a real type: stale.
        """
        return object_name, get_query_payload
'''


def test_an_entry_typed_with_a_blank_is_a_template_sample(tmp_path: Path) -> None:
    # round 24 (astroquery's ``template_module``): ``any_other_param : <param_type>`` is the
    # sample entry a service author copies, not a parameter this signature should have.
    # Control: an entry with a real type beside it stays reported
    assert _findings(tmp_path, _TEMPLATE) == [
        ("TemplateClass.query_object_async", 'documents parameter "other_param"'),
    ]
