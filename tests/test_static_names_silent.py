"""C1 name rules: what stays silent, and bad input that gives partial results."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.names_scope import file_facts
from docref.graph.project import ProjectGraph

from tests.names_helpers import both_rules, messages, write_project_file, xref_all
from tests.static_helpers import run_rule

# --------------------------------------------------------------------------- stay silent


def test_literals_values_commands_files_options_placeholders_are_silent(tmp_path: Path) -> None:
    code = '''
    def run(path):
        """Return ``True``, ``None``, ``42``, ``"utf-8"``, ``'strict'`` or ``-1``.

        Run ``ls -l`` or ``pip install docref`` and edit `setup.py` or ``pyproject.toml``.
        Pass `--verbose`, `-v`, ``key=value`` or ``encoding="utf-8"``.
        Placeholders: `foo`, ``spam()``, `foo_bar`, `x`, ``MyWidget``, `my_func`.
        Environment: ``PYTHONPATH`` and ``SOURCE_DATE_EPOCH``.  Values: ``x86_64``,
        ``server_vad``, ``WIDTHxHEIGHT``, `none`, `null`.
        See `the docs`_ and `text <https://example.org/frob()>`_ or https://x.org/a.b.
        Math :math:`a_b(x)`, value(s), file(s), ls(1), "py.warnings", 'line.col', 3.11.
        """
    '''
    assert both_rules(tmp_path, code, "run") == []


def test_plain_english_word_without_close_name_is_silent(tmp_path: Path) -> None:
    code = '''
    def run(path):
        """Each `record` is written once; the `widget` is `archived`."""
    '''
    assert run_rule(c1_name_unresolved, tmp_path, code, "run") == []


def test_inflected_class_name_is_english_not_a_typo(tmp_path: Path) -> None:
    code = '''
    class Widget:
        pass


    def build(n):
        """Build a list of `Widgets`."""
    '''
    assert run_rule(c1_name_unresolved, tmp_path, code, "build") == []


def test_star_import_makes_bare_names_unknown(tmp_path: Path) -> None:
    code = '''
    from some_module_that_is_not_installed import *


    def run():
        """Use `frobnicate_all` and :func:`frobnicate_al`."""
    '''
    assert both_rules(tmp_path, code, "run") == []


def test_project_star_import_supplies_names(tmp_path: Path) -> None:
    write_project_file(tmp_path, "shapes.py", "def draw_circle(r):\n    return r\n")
    code = '''
    from shapes import *


    def run():
        """Use :func:`draw_circle`, and :func:`draw_circel` is a typo."""
    '''
    findings = run_rule(xref_all, tmp_path, code, "run")
    assert messages(findings) == [
        "`draw_circel` names nothing in scope; did you mean `draw_circle`?"
    ]


def test_module_getattr_and_globals_make_names_unknown(tmp_path: Path) -> None:
    code = '''
    def __getattr__(name):
        return name


    def run():
        """Use :func:`frobnicate_al`."""
    '''
    assert run_rule(xref_all, tmp_path, code, "run") == []
    code = '''
    globals()["made_" + "up"] = 1


    def run():
        """Use :func:`frobnicate_al`."""
    '''
    assert run_rule(xref_all, tmp_path / "g", code, "run") == []


def test_a_module_getattr_under_if_or_try_makes_names_unknown(tmp_path: Path) -> None:
    # a module ``__getattr__`` defined under ``if``/``try`` (a version gate, an optional
    # import) serves names at run time as one at column 0 does
    gated = '''
    import sys

    if sys.version_info >= (3, 7):
        def __getattr__(name):
            return getattr(sys, name)


    def run():
        """Use :func:`frobnicate_al`."""
    '''
    assert run_rule(xref_all, tmp_path / "if", gated, "run") == []
    tried = gated.replace("if sys.version_info >= (3, 7):", "try:").replace(
        "            return getattr(sys, name)\n",
        "            return getattr(sys, name)\n    except ImportError:\n        pass\n",
    )
    assert "except ImportError" in tried
    assert run_rule(xref_all, tmp_path / "try", tried, "run") == []
    # control: a class's ``__getattr__`` under the same ``if`` is the class's own
    owned = gated.replace(
        "        def __getattr__(name):\n",
        "        class Lazy:\n            def __getattr__(self, name):\n",
    ).replace("            return getattr(sys, name)", "                return getattr(sys, name)")
    assert messages(run_rule(xref_all, tmp_path / "class", owned, "run")) == [
        "`frobnicate_al` names nothing in scope"
    ]


def test_import_globals_and_a_class_getattr_leave_module_names_known(tmp_path: Path) -> None:
    # recall benchmark (session 7): werkzeug/utils.py's ``__import__(name, globals(), ...)``
    # made every name of the module unknown, so a renamed ``send_from_directory`` was missed
    code = '''
    def import_string(name):
        return __import__(name, globals(), locals(), ["x"])


    class Lazy:
        def __getattr__(self, name):
            return name


    def send_from_dir(path):
        return path


    def run():
        """Use :func:`send_from_directory` instead."""
    '''
    # (session 8: the renamed twin defined in the file is the did-you-mean)
    assert messages(run_rule(xref_all, tmp_path, code, "run")) == [
        "`send_from_directory` names nothing in scope; did you mean `send_from_dir`?"
    ]
    # control: globals() used for more than the import makes the module dynamic again
    code = code.replace("return name\n", "return globals()[name]\n")
    assert run_rule(xref_all, tmp_path / "g", code, "run") == []


def test_another_objects_globals_leaves_module_names_known(tmp_path: Path) -> None:
    # recall heldout4 (session 10): flask's blueprints.py registers template globals with
    # ``state.app.jinja_env.globals[name] = f``; the attribute made every name of the module
    # unknown, so a stale ``:meth:`app_template_filter``` (renamed) was not reported
    code = '''
    def register(env, f, name):
        env.globals[name] = f
        env.render(globals={"x": 1})


    def app_tmplt_filter(f):
        return f


    def add_filter(f):
        """Works like the :meth:`app_template_filter` decorator."""
        return app_tmplt_filter(f)
    '''
    assert messages(run_rule(xref_all, tmp_path, code, "add_filter")) == [
        "`app_template_filter` names nothing in scope; did you mean `app_tmplt_filter`?"
    ]
    # control: the builtin read bare still makes the module dynamic
    code = code.replace("env.globals[name] = f", "globals()[name] = f")
    assert run_rule(xref_all, tmp_path / "g", code, "add_filter") == []


_SHIM = '''
import warnings

_MOVED = {"OLD_TABLE": 1}


def __getattr__(attr):
    if attr == "SURFACE_ALBEDOS" or attr in _MOVED:
        warnings.warn(f"{attr} has moved")
        return 0
    raise AttributeError(attr)


def get_sky_dffs(model):
    return model


def gti(model):
    """See :py:func:`get_sky_diffuse`; :data:`SURFACE_ALBEDOS` and :data:`OLD_TABLE` moved."""
    return get_sky_dffs(model)
'''


def test_a_module_getattr_serving_named_names_leaves_the_rest_known(tmp_path: Path) -> None:
    # recall heldout4 (session 10): pvlib's irradiance.py has a PEP 562 deprecation shim
    # (``if attr == 'SURFACE_ALBEDOS': ...; raise AttributeError``); it made every name of the
    # module unknown, so a renamed ``get_sky_diffuse`` was not reported.  The names it serves
    # (a literal, a module-level collection) still resolve.
    assert messages(run_rule(xref_all, tmp_path, _SHIM, "gti")) == [
        "`get_sky_diffuse` names nothing in scope; did you mean `get_sky_dffs`?"
    ]
    # control: a __getattr__ that passes any name on keeps the module dynamic
    code = _SHIM.replace("    raise AttributeError(attr)\n", "    return getattr(warnings, attr)\n")
    assert run_rule(xref_all, tmp_path / "open", code, "gti") == []
    # control: compared with something not enumerable (a call): dynamic
    code = _SHIM.replace("attr in _MOVED", "attr in sorted(_MOVED)")
    assert run_rule(xref_all, tmp_path / "call", code, "gti") == []


def test_getattr_class_and_unresolvable_base_are_silent(tmp_path: Path) -> None:
    code = '''
    from not_installed_package import Remote


    class Dynamic:
        def __getattr__(self, name):
            return name

        def run(self):
            """Read `self.anything` and :meth:`whatever_else`."""


    class Proxy(Remote):
        def run(self):
            """Call :meth:`inherited_from_remote` and `self.also_remote`."""


    class Made(make_base()):
        def run(self):
            """Call :meth:`from_the_factory`."""
    '''
    for qualname in ("Dynamic.run", "Proxy.run", "Made.run"):
        assert both_rules(tmp_path / qualname, code, qualname) == []


def test_unresolvable_external_module_is_silent(tmp_path: Path) -> None:
    code = '''
    import not_installed_package


    def run():
        """Calls `not_installed_package.anything` and not_installed_package.other()."""
    '''
    assert both_rules(tmp_path, code, "run") == []


def test_kwargs_function_may_forward_any_keyword(tmp_path: Path) -> None:
    code = '''
    def run(path, **options):
        """Extra options such as `max_retries` go to the client."""
    '''
    assert run_rule(c1_name_unresolved, tmp_path, code, "run") == []


def test_a_role_in_a_kwargs_function_names_an_object_not_a_keyword(tmp_path: Path) -> None:
    # seaborn's ``set(*args, **kwargs)``: "Alias for :func:`set_theme`" after ``set_theme``
    # became ``set_theme_impl``; a role names a function, which no **kwargs forwards
    code = '''
    def set_theme_impl(context="notebook"):
        return context


    def set(*args, **kwargs):
        """Alias for :func:`set_theme`, which is the preferred interface.

        Options such as `set_theme` go to the implementation.
        """
        set_theme_impl(*args, **kwargs)
    '''
    found = run_rule(xref_all, tmp_path, code, "set")
    assert [f.segment_text for f in found] == [
        "Alias for :func:`set_theme`, which is the preferred interface."
    ]
    # the same name in backticks may be a keyword passed on: silent
    assert run_rule(c1_name_unresolved, tmp_path / "2", code, "set") == []
    # control: the role names a function that exists
    fixed = code.replace(":func:`set_theme`", ":func:`set_theme_impl`")
    assert run_rule(xref_all, tmp_path / "3", fixed, "set") == []


def test_name_defined_by_the_docstring_example_is_silent(tmp_path: Path) -> None:
    code = '''
    def timeout(delay):
        """Limit the time.

        >>> async with timeout(10):
        ...     await long_running_task()

        Here long_running_task() is interrupted and `long_running_task` too.
        """
    '''
    assert both_rules(tmp_path, code, "timeout") == []


def test_keyword_of_an_imported_api_and_other_file_functions_are_known(tmp_path: Path) -> None:
    write_project_file(
        tmp_path, "client.py", "def connect(host, max_retries=3):\n    return host\n"
    )
    code = '''
    import json

    import client


    def run(data):
        """Pass ``sort_keys`` through, and `max_retries` reaches `client.connect`."""
        return json.dumps(data)
    '''
    assert run_rule(c1_name_unresolved, tmp_path, code, "run") == []


def test_parameter_names_and_own_name_variants(tmp_path: Path) -> None:
    code = '''
    def _iterdump(connection):
        """Called from the public method iterdump() of the `connection`."""
    '''
    assert run_rule(c1_name_unresolved, tmp_path, code, "_iterdump") == []


def test_external_member_missing_needs_a_did_you_mean(tmp_path: Path) -> None:
    code = '''
    import copy
    import json


    def run():
        """Use `copy.replace_all` on newer Pythons, or `json.dumpz`."""
    '''
    # neither is close to one name: the installed version may lack what the project targets
    assert run_rule(c1_name_unresolved, tmp_path, code, "run") == []


# --------------------------------------------------------------------------- bad input


def test_unclosed_markup_and_broken_code_give_partial_results(tmp_path: Path) -> None:
    code = '''
    def helper(x):
        return x


    def run(value):
        """Unclosed `backtick and :func:`role and ``literal.

        Still checked: :func:`helpr`.
        """
        return helper(value)


    def broken(value:
        return (
    '''
    findings = run_rule(xref_all, tmp_path, code, "run")
    assert messages(findings) == ["`helpr` names nothing in scope; did you mean `helper`?"]


def test_base_class_cycle_terminates(tmp_path: Path) -> None:
    code = '''
    class A(B):
        def run(self):
            """Use :meth:`missing_method`."""


    class B(A):
        pass
    '''
    findings = run_rule(xref_all, tmp_path, code, "A.run")
    assert messages(findings) == ["`missing_method` names nothing in scope"]


def test_english_word_before_a_dot_names_a_module_only_when_imported(tmp_path: Path) -> None:
    write_project_file(tmp_path, "string.py", "def capwords(s):\n    return s\n")
    write_project_file(tmp_path, "user.py", "import string\n")
    code = '''
    def fill(text):
        """Wrap text; tabs are expanded with string.expandtabs() first."""
        return text
    '''
    assert messages(both_rules(tmp_path, code, "fill")) == []
    imported = "import string\n\n" + code.replace("\n    ", "\n")
    (tmp_path / "src" / "mod.py").unlink(missing_ok=True)
    assert messages(both_rules(tmp_path, imported, "fill")) == [
        "`string.expandtabs` names nothing: module `string` has no `expandtabs`"
    ]


def test_lazy_loader_package_getattr_makes_its_names_unknown(tmp_path: Path) -> None:
    # precision round 7: scikit-image's packages (SPEC 1 ``lazy_loader``) bind their module
    # ``__getattr__`` by tuple unpacking, so ``skimage.transform.warp`` resolves at run time
    init = (
        "import lazy_loader as lazy\n\n"
        "__getattr__, __dir__, __all__ = lazy.attach_stub(__name__, __file__)\n"
    )
    write_project_file(tmp_path, "pkg/__init__.py", init)
    write_project_file(tmp_path, "pkg/_warps.py", "def warp(image):\n    return image\n")
    code = '''
    import pkg


    def run(image):
        """Resample `image`; see :func:`pkg.warp`."""
        return image
    '''
    assert run_rule(xref_all, tmp_path, code, "run") == []
    # control: a tuple assignment that binds no ``__getattr__`` leaves the package's names known
    other = tmp_path / "other"
    write_project_file(other, "pkg/__init__.py", init.replace("__getattr__, ", ""))
    write_project_file(other, "pkg/_warps.py", "def warp(image):\n    return image\n")
    assert messages(run_rule(xref_all, other, code, "run")) == [
        "`pkg.warp` names nothing: module `pkg` has no `warp`"
    ]


def test_file_facts_follow_the_code_across_docstring_and_code_edits(tmp_path: Path) -> None:
    """The code's identifiers are kept per file by the code's text (the editor's edits inside
    a docstring do not scan the file again): a docstring edit keeps them, a code edit that
    adds a name is seen, and one that adds ``globals()`` makes the module dynamic."""
    root = tmp_path / "p"
    root.mkdir()
    path = root / "m.py"
    base = 'def f(a):\n    """Use a, see zzdoc."""\n    return a\n'
    path.write_text(base, encoding="utf-8")
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "c"))
    graph.index(workers=1)

    def facts_of(text: str) -> tuple[frozenset[str], bool]:
        graph.update(str(path), text)
        fe = graph.get("m.py")
        assert fe is not None
        facts = file_facts(fe, text)
        return facts.code_words, facts.dynamic

    words, dynamic = facts_of(base)
    assert "zzdoc" not in words and not dynamic
    edited, _ = facts_of(base.replace("zzdoc", "zzother"))
    assert edited == words
    code_edit, _ = facts_of(base.replace("return a", "return a + zzcode"))
    assert "zzcode" in code_edit
    _, now_dynamic = facts_of(base.replace("return a", "return globals()[a]"))
    assert now_dynamic
