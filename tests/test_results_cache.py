"""``docref check``'s per-file results cache, through the CLI as a subprocess.

A warm run must give what a cold run gives; an edit to what a file's findings depend on (its
own text, a dependency's signature, a setting) must be seen; an unchanged file costs a stat
and a lookup -- shown by a same-size edit whose mtime is put back, which a warm run does not
see (as with ruff's cache) until the file is touched.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.helpers import docref_env, pkg_project, run_docref

HELPERS = '''def scale(value: int, factor: int) -> int:
    """Scale a value.

    Args:
        value: The value.
        factor: The factor.

    Returns:
        The scaled value.
    """
    return value * factor
'''

MAIN = '''from pkg import helpers


def run(value: int) -> int:
    """Run :func:`pkg.helpers.scale` on the value.

    Args:
        value: The value.
        extra: Not a parameter.

    Returns:
        The result.
    """
    return helpers.scale(value, 2)


def undocumented(value: int, other: int) -> int:
    """Add.

    Args:
        value: The value.
    """
    return value + other
'''


def _project(tmp_path: Path) -> Path:
    return pkg_project(tmp_path, HELPERS, MAIN)


def _check(root: Path, cache: Path, *args: str) -> list[tuple[str, str, str]]:
    argv = ["check", *args, "--format", "json", "--no-progress"]
    proc = run_docref(argv, cwd=root, env=docref_env(cache))
    assert proc.returncode in (0, 1), proc.stderr
    report = json.loads(proc.stdout)
    return sorted((f["path"], f["rule"], f["message"]) for f in report["findings"])


def _same_size_edit(path: Path, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` (as long) and put the file's mtime back."""
    assert len(old) == len(new)
    st = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def test_a_warm_run_gives_the_cold_result_and_reads_no_unchanged_file(tmp_path: Path) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    cold = _check(root, cache, ".")
    assert [rule for _, rule, _ in cold] == ["C1-PARAM-UNKNOWN"]
    assert _check(root, cache, ".") == cold
    assert _check(root, tmp_path / "other-cache", ".", "--no-cache") == cold
    main = root / "pkg" / "main.py"
    _same_size_edit(main, "extra: Not", "spare: Not")
    assert _check(root, cache, ".") == cold  # stat unchanged: the stored result, no read
    main.touch()
    edited = _check(root, cache, ".")
    assert 'documents parameter "spare"' in edited[0][2]
    assert edited == _check(root, tmp_path / "cold-again", ".")


def test_a_dependency_signature_edit_reaches_the_dependent(tmp_path: Path) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    before = _check(root, cache, ".")
    assert not any(rule == "C1-XREF-UNRESOLVED" for _, rule, _ in before)
    helpers = root / "pkg" / "helpers.py"
    helpers.write_text(HELPERS.replace("def scale(", "def resize("), encoding="utf-8")
    after = _check(root, cache, ".")
    unresolved = [f for f in after if f[1] == "C1-XREF-UNRESOLVED"]
    assert [path for path, _, _ in unresolved] == ["pkg/main.py"]  # main.py did not change
    assert after == _check(root, tmp_path / "cold", ".")
    helpers.write_text(HELPERS, encoding="utf-8")  # and back again
    assert _check(root, cache, ".") == before
    # the pre-commit case: only the dependent file named, in the warm project
    assert _check(root, cache, "pkg/main.py") == [f for f in before if f[0] == "pkg/main.py"]
    helpers.write_text(HELPERS.replace("def scale(", "def resize("), encoding="utf-8")
    one = _check(root, cache, "pkg/main.py")
    assert [f for f in one if f[1] == "C1-XREF-UNRESOLVED"] == unresolved


def test_a_changed_setting_does_not_reuse_the_cache(tmp_path: Path) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    plain = _check(root, cache, ".")
    enabled = _check(root, cache, ".", "--enable", "DOC-PARAM-MISSING")
    assert [rule for _, rule, _ in enabled if rule not in {r for _, r, _ in plain}] == [
        "DOC-PARAM-MISSING"
    ]
    pyproject = root / "pyproject.toml"
    pyproject.write_text(
        pyproject.read_text(encoding="utf-8") + '[tool.docref]\nignore = ["C1-PARAM-UNKNOWN"]\n',
        encoding="utf-8",
    )
    assert _check(root, cache, ".") == []
    assert _check(root, tmp_path / "cold", ".") == []


def test_one_file_of_a_warm_project(tmp_path: Path) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    whole = _check(root, cache, ".")
    main = root / "pkg" / "main.py"
    one = _check(root, cache, "pkg/main.py")
    assert one == [f for f in whole if f[0] == "pkg/main.py"] and one
    _same_size_edit(main, "extra: Not", "spare: Not")
    assert _check(root, cache, "pkg/main.py") == one  # a stat and a lookup: not even read
    main.touch()
    assert 'documents parameter "spare"' in _check(root, cache, "pkg/main.py")[0][2]
    assert _check(root, cache, "pkg/helpers.py") == []


def test_a_new_file_a_name_now_resolves_to_reaches_a_warm_one_file_run(tmp_path: Path) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    main = root / "pkg" / "main.py"
    main.write_text(MAIN.replace("Run :func:`pkg.helpers.scale`", "Run :func:`pkg.extra.boost`"))
    _check(root, cache, ".")  # the whole project: warm
    before = _check(root, cache, "pkg/main.py")
    assert "C1-XREF-UNRESOLVED" in [rule for _, rule, _ in before]
    (root / "pkg" / "extra.py").write_text(HELPERS.replace("def scale(", "def boost("))
    after = _check(root, cache, "pkg/main.py")  # main.py and helpers.py did not change
    assert "C1-XREF-UNRESOLVED" not in [rule for _, rule, _ in after]
    assert after == _check(root, tmp_path / "cold", "pkg/main.py")
    # a new sub-package deep down is seen too (its folder's mtime moved, not the root's)
    main.write_text(MAIN.replace("Run :func:`pkg.helpers.scale`", "Run :func:`pkg.sub.deep.x`"))
    (root / "pkg" / "sub").mkdir()
    _check(root, cache, ".")
    assert "C1-XREF-UNRESOLVED" in [rule for _, rule, _ in _check(root, cache, "pkg/main.py")]
    (root / "pkg" / "sub" / "deep.py").write_text(HELPERS.replace("def scale(", "def x("))
    assert "C1-XREF-UNRESOLVED" not in [r for _, r, _ in _check(root, cache, "pkg/main.py")]


def test_a_gitignore_edited_in_place_is_seen(tmp_path: Path) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    ignore = root / ".gitignore"
    ignore.write_text("# nothing\n", encoding="utf-8")
    assert [path for path, _, _ in _check(root, cache, ".")] == ["pkg/main.py"]
    ignore.write_text("pkg/main.py\n", encoding="utf-8")  # in place: the folder's mtime stays
    assert _check(root, cache, ".") == []


def test_damaged_cache_content_is_a_miss(tmp_path: Path) -> None:
    import diskcache
    from docref.cache.store import JSONOnlyDisk
    from docref.engine.file_cache import RESULTS_CACHE

    root, cache = _project(tmp_path), tmp_path / "cache"
    cold = _check(root, cache, ".")
    _check(root, cache, "pkg/main.py")
    values = ["not json {", '{"deps": {}, "report": {"language": 3}}', "[1, 2]", '{"files": 1}']
    with diskcache.Cache(str(cache / RESULTS_CACHE), disk=JSONOnlyDisk) as raw:
        keys = list(raw)
        assert keys
        for round_ in range(len(values)):
            for i, key in enumerate(keys):
                raw.set(key, values[(i + round_) % len(values)])
            raw.close()
            assert _check(root, cache, ".") == cold  # recomputed, stored afresh
            keys = list(raw)
    assert _check(root, cache, "pkg/main.py") == [f for f in cold if f[0] == "pkg/main.py"]


def _imports_tree_sitter(root: Path, cache: Path, extra_path: str) -> bool:
    """Whether a warm one-file run indexed the project (tree-sitter is imported then only)."""
    env = docref_env(cache)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (extra_path, env.get("PYTHONPATH")) if p)
    proc = subprocess.run(  # not run_docref: -X importtime goes before -m
        [sys.executable, "-X", "importtime", "-m", "docref", "check", "pkg/main.py", "-q"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1, proc.stderr[-2000:]
    return "tree_sitter" in proc.stderr


def test_another_docref_version_does_not_reuse_the_cache(tmp_path: Path) -> None:
    from docref.engine.cache_key import installed_version

    root, cache = _project(tmp_path), tmp_path / "cache"
    _check(root, cache, ".")
    assert not _imports_tree_sitter(root, cache, "")  # warm: served from the cache
    other = tmp_path / "other" / "site-packages"  # where another docref is installed
    (other / "docref-99.0.dist-info").mkdir(parents=True)
    assert _imports_tree_sitter(root, cache, str(other))  # not served: indexed again
    assert not _imports_tree_sitter(root, cache, str(other))
    sys.path.insert(0, str(other))
    try:
        assert installed_version() == "99.0"
    finally:
        sys.path.remove(str(other))


def _docref_copy(tmp_path: Path) -> Path:
    """A copy of docref's package, as a checkout or an editable install has it (no
    ``.dist-info`` beside it): the folder to put first on ``PYTHONPATH``."""
    import shutil

    import docref

    src = tmp_path / "src"
    package = Path(docref.__file__).parent
    shutil.copytree(package, src / "docref", ignore=shutil.ignore_patterns("__pycache__"))
    return src


def _check_with(root: Path, cache: Path, src: Path) -> list[tuple[str, str, str]]:
    env = docref_env(cache, PYTHONPATH=str(src), PYTHONDONTWRITEBYTECODE="1")
    proc = run_docref(["check", ".", "--format", "json", "--no-progress"], cwd=root, env=env)
    assert proc.returncode in (0, 1), proc.stderr
    return sorted((f["path"], f["rule"], f["message"]) for f in json.loads(proc.stdout)["findings"])


def _stamps(src: Path) -> tuple[str, str]:
    """The results cache's code stamp and the index cache's extractor fingerprint of the
    docref in ``src``."""
    code = (
        "from docref.engine.cache_key import _code_stamp;"
        "from docref.graph.extraction import extractor_fingerprint;"
        "print(_code_stamp(), extractor_fingerprint())"
    )
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    code_stamp, extractor = proc.stdout.split()
    return code_stamp, extractor


def test_a_rule_edited_without_a_version_bump_does_not_reuse_the_cache(tmp_path: Path) -> None:
    root, cache, src = _project(tmp_path), tmp_path / "cache", _docref_copy(tmp_path)
    cold = _check_with(root, cache, src)
    assert [rule for _, rule, _ in cold] == ["C1-PARAM-UNKNOWN"]
    # control: the same code reuses the stored results (no indexing, so no tree-sitter)
    assert not _imports_tree_sitter(root, cache, str(src))
    before = _stamps(src)
    rule = src / "docref" / "checks" / "static" / "params.py"
    text = rule.read_text(encoding="utf-8")
    assert text.count('f\'documents parameter "{shown}", but') == 1
    rule.write_text(text.replace("f'documents parameter", "f'names parameter"), encoding="utf-8")
    edited = _check_with(root, cache, src)
    assert [m for _, _, m in edited] == [m.replace("documents", "names") for _, _, m in cold]
    # a rule is no extractor: the index cache stays warm; an extractor edit is seen
    after = _stamps(src)
    assert after[0] != before[0] and after[1] == before[1]
    refs = src / "docref" / "graph" / "python_refs.py"
    refs.write_text(refs.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert _stamps(src)[1] != before[1]


def test_a_wheel_install_is_stamped_by_its_record(tmp_path: Path) -> None:
    from docref.engine.cache_key import wheel_record

    site = tmp_path / "site-packages"
    (site / "docref").mkdir(parents=True)
    assert wheel_record(str(site / "docref")) is None  # a checkout: no .dist-info beside it
    info = site / "docref-1.0.dist-info"
    info.mkdir()
    # an editable install's RECORD lists no module of the package
    (info / "RECORD").write_text("__editable__.docref-1.0.pth,sha256=x,18\n", encoding="utf-8")
    assert wheel_record(str(site / "docref")) is None
    record = "docref/__init__.py,sha256=abc,120\ndocref-1.0.dist-info/RECORD,,\n"
    (info / "RECORD").write_text(record, encoding="utf-8")
    assert wheel_record(str(site / "docref")) == record
