"""Rebuild the source trees and the peer tool that ``benchmarks/RESULTS.md``'s speed commands use.

Everything comes from PyPI (``pip download --no-deps --only-binary :all:``, pinned versions)
and the local Python's standard library, so a new machine (or a wiped ``/tmp``) gets back the
same inputs the earlier figures were measured on.  A tree that is already there is left as it
is (delete it to rebuild); ``--check`` only reports what is missing.

========================  ==========================================================  =========
path                      what                                                        files
========================  ==========================================================  =========
``/tmp/pdl/bin/pydoclint``  pydoclint 0.12.0 in its own venv (the cold / one-file peer)   --
``/tmp/i16-stdlib``       the stdlib without its tests (``bench_check_modes.without_tests``) 734
``/tmp/q7/stdlib-full``   the whole stdlib (``lib/python3.11`` minus ``site-packages``)  1,790
``/tmp/i16-pygments``     the ``pygments`` package of the 2.21.0 wheel (``lexer.py`` at
                          its top: ``modes --one-file lexer.py``)                       343
``/tmp/corp/dj/django``   Django 5.2.19's wheel unpacked in ``/tmp/corp/dj``            885
``/tmp/edlibs/src/NAME``  the editor's library trees (``bench_editor.py library``):
                          rich 15.0.0, flask 3.1.3, pyparsing 3.3.3 (the quiet pass) and
                          requests, click, attrs (``attr``), httpx, tqdm, packaging
``CORPORA/astropy``,      astropy 8.0.2 and statsmodels 0.15.0, as ``precision.py fetch``
``CORPORA/statsmodels``   fetches them (set ``r6`` of ``precision/corpora.toml``;
                          CORPORA = ``$DOCREF_CORPORA`` or ``/work/corpora``)
========================  ==========================================================  =========

    python benchmarks/make_trees.py [--check] [--only NAME ...]

NAME is one of: pydoclint, stdlib, stdlib-full, pygments, django, edlibs, corpora.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from collections.abc import Callable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_check_modes import without_tests
from precision import CORPORA, _fetch_python, load_corpora

PYDOCLINT = "pydoclint==0.12.0"
PDL = "/tmp/pdl"
STDLIB = sysconfig.get_paths()["stdlib"]
PYGMENTS = "pygments==2.21.0"
DJANGO = "django==5.2.19"
# the editor's libraries: the wheel's top-level package folder -> requirement
EDLIBS = {
    "rich": "rich==15.0.0",
    "flask": "flask==3.1.3",
    "pyparsing": "pyparsing==3.3.3",
    "requests": "requests==2.34.2",
    "click": "click==8.5.1",
    "attr": "attrs==26.1.0",
    "httpx": "httpx==0.28.1",
    "tqdm": "tqdm==4.70.1",
    "packaging": "packaging==26.4",
}
CORPUS_SET, CORPUS_NAMES = "r6", ("astropy", "statsmodels")


PIP_DOWNLOAD = [sys.executable, "-m", "pip", "download", "-q", "--no-deps"]
PIP_DOWNLOAD += ["--only-binary", ":all:"]


def _wheel(requirement: str, tmp: str) -> str:
    """The wheel of ``requirement`` downloaded into ``tmp`` (no dependencies)."""
    subprocess.run(
        [*PIP_DOWNLOAD, "-d", tmp, requirement],
        check=True,
    )
    (wheel,) = [os.path.join(tmp, n) for n in os.listdir(tmp) if n.endswith(".whl")]
    return wheel


def _unpack(requirement: str, dest: str, package: str | None) -> None:
    """The wheel's files under ``dest``; with ``package``, only that top folder's contents
    (so ``dest`` is the package itself). Unpacked beside ``dest`` and renamed at the end, so
    an interrupted run leaves no half tree that a later run would take as done."""
    partial = dest + ".partial"
    shutil.rmtree(partial, ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp, zipfile.ZipFile(_wheel(requirement, tmp)) as zf:
        if package is None:
            zf.extractall(partial)
        else:
            zf.extractall(tmp + "/x", [n for n in zf.namelist() if n.startswith(package + "/")])
            shutil.move(os.path.join(tmp, "x", package), partial)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    os.rename(partial, dest)


def make_pydoclint() -> str:
    subprocess.run([sys.executable, "-m", "venv", "--clear", PDL], check=True)
    subprocess.run([f"{PDL}/bin/pip", "install", "-q", PYDOCLINT], check=True)
    return f"{PDL}/bin/pydoclint"


def make_stdlib() -> str:
    partial = "/tmp/i16-stdlib.partial"
    shutil.rmtree(partial, ignore_errors=True)
    without_tests(STDLIB, partial)
    os.rename(partial, "/tmp/i16-stdlib")
    return "/tmp/i16-stdlib"


def make_stdlib_full() -> str:
    dest = "/tmp/q7/stdlib-full"
    os.makedirs("/tmp/q7", exist_ok=True)
    skip = shutil.ignore_patterns("site-packages", "__pycache__", "*.pyc")
    shutil.copytree(STDLIB, dest + ".partial", ignore=skip, symlinks=True, dirs_exist_ok=True)
    os.rename(dest + ".partial", dest)
    return dest


def make_pygments() -> str:
    _unpack(PYGMENTS, "/tmp/i16-pygments", "pygments")
    return "/tmp/i16-pygments"


def make_django() -> str:
    _unpack(DJANGO, "/tmp/corp/dj", None)
    return "/tmp/corp/dj/django"


def make_edlibs() -> str:
    for package, requirement in EDLIBS.items():
        dest = f"/tmp/edlibs/src/{package}"
        if not os.path.isdir(dest):
            _unpack(requirement, dest, package)
    return "/tmp/edlibs/src"


def make_corpora() -> str:
    for corpus in load_corpora(CORPUS_SET):
        dest = os.path.join(CORPORA, corpus["name"])
        if corpus["name"] in CORPUS_NAMES and not os.path.isdir(dest):
            _fetch_python(corpus, dest)
    return CORPORA


# name -> (the paths whose presence means "built", its builder)
TREES: dict[str, tuple[list[str], Callable[[], str]]] = {
    "pydoclint": ([f"{PDL}/bin/pydoclint"], make_pydoclint),
    "stdlib": (["/tmp/i16-stdlib"], make_stdlib),
    "stdlib-full": (["/tmp/q7/stdlib-full"], make_stdlib_full),
    "pygments": (["/tmp/i16-pygments"], make_pygments),
    "django": (["/tmp/corp/dj/django"], make_django),
    "edlibs": ([f"/tmp/edlibs/src/{p}" for p in EDLIBS], make_edlibs),
    "corpora": ([os.path.join(CORPORA, n) for n in CORPUS_NAMES], make_corpora),
}


def _py_files(path: str) -> int:
    if not os.path.isdir(path):
        return 0
    skip = {"site-packages", "__pycache__", ".git"}
    count = 0
    for _folder, dirs, files in os.walk(path):
        dirs[:] = [d for d in dirs if d not in skip]
        count += sum(1 for n in files if n.endswith(".py"))
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report what is missing")
    parser.add_argument("--only", nargs="+", choices=sorted(TREES), default=sorted(TREES))
    args = parser.parse_args()
    missing = 0
    for name in args.only:
        markers, build = TREES[name]
        absent = [m for m in markers if not os.path.exists(m)]
        if not absent:
            print(f"{name}: present ({', '.join(markers)})")
            continue
        if args.check:
            print(f"{name}: MISSING ({', '.join(absent)})")
            missing += 1
            continue
        path = build()
        print(f"{name}: built {path} ({_py_files(path)} .py files)", flush=True)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
