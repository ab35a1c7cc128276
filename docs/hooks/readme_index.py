"""mkdocs hook: the site's home page is the repository's README, generated at build time.

The README is the front door on GitHub and on the site alike; building ``index.md`` from it
keeps one text.  Its links are relative to the repository root: ``docs/x.md`` becomes the
site page ``x.md``, the shipped rule list becomes the generated rules index, and a link to any
other repository file (outside the site) is kept as the file's name in code.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)")


def _site_link(match: re.Match[str]) -> str:
    label, target = match.group(1), match.group(2)
    if target.startswith(("http://", "https://", "mailto:", "#")):
        return match.group(0)
    if target.startswith("docs/"):
        return f"[{label}]({target[len('docs/') :] or 'index.md'})"
    if target == "server/docref/docs/rules.md":
        return f"[{label}](rules/index.md)"
    return f"`{target}`" if label.strip("`") == target else f"{label} (`{target}`)"


def on_files(files: Files, config: Any) -> Files:
    """Add ``index.md``, the README with its links made site-relative."""
    readme = Path(config["config_file_path"]).parent / "README.md"
    text = _LINK.sub(_site_link, readme.read_text(encoding="utf-8"))
    files.append(File.generated(config, "index.md", content=text))
    return files
