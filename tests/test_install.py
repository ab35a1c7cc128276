"""The wheel as a user installs it: no extras, a fresh virtual environment, nothing else.

Builds docref's wheel, installs it without extras (``pip install docref``: the static tier,
the language server and the CLI), and checks that the installation stays small (litellm and
its ~300 MB come only with ``docref[llm]``), that ``docref check`` finds on the sample project
exactly what the development installation finds, and that asking for a model says in one line
how to get the extra and exits 2.  About 30-60 s (pip's cache makes reruns faster): marked
``install`` so it can be deselected locally (``-m 'not install'``); CI runs it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHOP = REPO / "examples" / "shop"

#: The core's installed size limit (issue 19), pip and setuptools aside.
CORE_LIMIT_MB = 40.0
#: What pip and setuptools put into a new virtual environment: not docref's to count.
_NOT_DOCREF = ("pip", "setuptools", "_distutils_hack", "pkg_resources", "distutils-precedence")

# the first test also builds the wheel and a fresh venv (its module fixture): more than the
# suite's 300 s safety net may pass on a loaded machine before it is hung
pytestmark = [pytest.mark.install, pytest.mark.timeout(900)]


def _run(
    cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    # the installed wheel, not a source tree on PYTHONPATH (whose docref.egg-info, left by the
    # wheel build, would also make pip skip the install as "already satisfied")
    if env is None:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=cwd, env=env)


def _size_mb(site_packages: Path) -> tuple[float, dict[str, float]]:
    """Total size of ``site_packages`` without pip/setuptools, and the largest entries."""
    sizes: dict[str, float] = {}
    for entry in site_packages.iterdir():
        if entry.name.split("-")[0] in _NOT_DOCREF or entry.name == "__pycache__":
            continue
        files = [entry] if entry.is_file() else [p for p in entry.rglob("*") if p.is_file()]
        sizes[entry.name] = sum(p.stat().st_size for p in files) / 2**20
    return sum(sizes.values()), sizes


@pytest.fixture(scope="module")
def core_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with docref's wheel installed, no extras."""
    tmp = tmp_path_factory.mktemp("install")
    wheels = tmp / "wheels"
    venv = tmp / "venv"
    # the venv (ensurepip: several seconds) is made while the wheel builds: neither reads the
    # other's output, and the setup was the slowest of the suite's (63 s on a loaded machine)
    making = subprocess.Popen(
        [sys.executable, "-m", "venv", str(venv)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    built = _run(
        # -v: the build backend's warnings are shown only in verbose mode
        [sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-v", "-w", str(wheels)],
        cwd=tmp,
    )
    _, made_err = making.communicate()
    assert built.returncode == 0, built.stderr
    # e.g. setuptools' "`project.license` as a TOML table is deprecated" (an SPDX string now)
    assert "deprecat" not in (built.stdout + built.stderr).lower()
    (wheel,) = wheels.glob("docref-*.whl")
    assert making.returncode == 0, made_err
    started = time.perf_counter()
    installed = _run([str(_bin(venv, "python")), "-m", "pip", "install", "-q", str(wheel)])
    assert installed.returncode == 0, installed.stderr
    print(f"pip install {wheel.name}: {time.perf_counter() - started:.1f} s")
    return venv


def _bin(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / name


def _site_packages(venv: Path) -> Path:
    (found,) = venv.glob("lib/python3*/site-packages") or venv.glob("Lib/site-packages")
    return found


def _check_shop(docref: list[str], *extra: str) -> subprocess.CompletedProcess[str]:
    dropped = {"OPENAI_API_KEY"} | ({"PYTHONPATH"} if docref[0] != sys.executable else set())
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    return _run([*docref, "check", str(SHOP), "--no-cache", "--no-progress", *extra], env=env)


def test_core_install_is_small_and_has_no_model_dependencies(core_venv: Path) -> None:
    site = _site_packages(core_venv)
    total, sizes = _size_mb(site)
    largest = sorted(sizes.items(), key=lambda kv: -kv[1])[:8]
    print(f"site-packages without pip/setuptools: {total:.1f} MB; largest: {largest}")
    assert total <= CORE_LIMIT_MB, largest
    names = {entry.name.split("-")[0].lower() for entry in site.iterdir()}
    assert "docref" in names
    # the model stack and the 66 MB multi-language Punkt package stay out of the core
    assert not names & {"litellm", "openai", "tokenizers", "aiohttp", "punkt"}


def test_core_install_checks_the_sample_project_like_the_dev_install(core_venv: Path) -> None:
    core = _check_shop([str(_bin(core_venv, "docref"))])
    dev = _check_shop([sys.executable, "-m", "docref"])
    assert core.returncode == 1, core.stderr
    assert dev.returncode == 1, dev.stderr
    findings = [line for line in core.stdout.splitlines() if "[static]" in line]
    assert len(findings) == 7
    assert findings == [line for line in dev.stdout.splitlines() if "[static]" in line]


def test_model_without_the_llm_extra_is_one_clear_line_and_exit_2(core_venv: Path) -> None:
    docref = str(_bin(core_venv, "docref"))
    asked = _check_shop([docref], "--model", "openai/gpt-4.1-mini")
    assert asked.returncode == 2
    assert asked.stdout == ""
    (line,) = asked.stderr.splitlines()
    assert line.startswith("docref: error: ") and "pip install 'docref[llm]'" in line
    assert "Traceback" not in asked.stderr
    # a configured model (not a flag) is refused the same way; --no-llm keeps the static run
    project = core_venv.parent / "configured"
    project.mkdir()
    (project / "pyproject.toml").write_text('[tool.docref]\nmodel = "openai/gpt-4.1-mini"\n')
    (project / "m.py").write_text(
        'def scale(value, factor):\n    """Scale a value.\n\n    Args:\n'
        '        value: the value.\n        factr: the factor.\n    """\n'
        "    return value * factor\n"
    )
    configured = _run([docref, "check", str(project), "--no-cache", "--no-progress"])
    assert configured.returncode == 2
    assert "pip install 'docref[llm]'" in configured.stderr
    static_only = _run([docref, "check", str(project), "--no-cache", "--no-progress", "--no-llm"])
    assert static_only.returncode == 1, static_only.stderr
    rt = _run([docref, "roundtrip", f"{project / 'm.py'}::scale"])
    assert rt.returncode == 2 and "pip install 'docref[llm]'" in rt.stderr
