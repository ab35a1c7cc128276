"""ARCHITECTURE.md stays true to the code: its layer diagram is import-linter's contract (in
pyproject.toml, which ``lint-imports`` enforces), every package of ``server/docref`` is in a
layer, and every module file it names exists."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
PACKAGE = ROOT / "server" / "docref"


def _contract_layers() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        config = tomllib.load(fh)["tool"]["importlinter"]
    layers: list[str] = config["contracts"][0]["layers"]
    return [
        ":".join(p.strip().removeprefix("docref.") for p in layer.split(":")) for layer in layers
    ]


def _diagram_layers() -> list[str]:
    """The first column of the code block under "The layers" (``fixes : roundtrip : eval``)."""
    section = DOC.split("## The layers", 1)[1]
    block = section.split("```", 2)[1]
    out = []
    for line in block.strip().splitlines():
        head = re.split(r"\s{2,}|\s\(", line.strip(), maxsplit=1)[0]
        out.append(":".join(part.strip() for part in head.split(":")))
    return out


def test_the_layer_diagram_is_the_import_contract() -> None:
    assert _diagram_layers() == _contract_layers()


def test_every_package_is_in_a_layer() -> None:
    named = {name for layer in _contract_layers() for name in layer.split(":")}
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    modules = {p.stem for p in PACKAGE.glob("*.py") if not p.stem.startswith("__")}
    assert packages | modules == named


def test_every_module_file_it_names_exists() -> None:
    named = set(re.findall(r"`((?:[a-z_]+/)*[a-z_]+\.py)`", DOC))
    assert named, "no module named: the pattern no longer matches the document"
    files = [p.relative_to(ROOT).as_posix() for p in ROOT.glob("server/docref/**/*.py")]
    files += [p.relative_to(ROOT).as_posix() for p in ROOT.glob("tests/**/*.py")]
    missing = [n for n in sorted(named) if not any(f == n or f.endswith("/" + n) for f in files)]
    assert missing == []
