"""Run docref from the extension's bundled/libs with the user's own Python (3.11 or later).

``python launch.py serve``: the language server (``docref serve``).  ``python launch.py
--probe``: one JSON line (the Python, docref's version, whether the model extra is there).
The bundled libraries go first on ``sys.path``, then the private folder the extension
installs the ``llm`` extra into (``DOCREF_LLM_LIBS``), then the interpreter's own
site-packages; nothing is installed into the interpreter and ``PYTHONPATH`` stays untouched,
so the processes docref starts (a project's tests) see the project's environment only.
"""

import json
import os
import sys

if sys.version_info < (3, 11):  # noqa: UP036  # the user's Python may well be older
    sys.stderr.write(f"docref needs Python 3.11 or later; this is {sys.version.split()[0]}\n")
    raise SystemExit(3)

HERE = os.path.dirname(os.path.abspath(__file__))
paths = [os.path.join(os.path.dirname(HERE), "libs")]
if os.environ.get("DOCREF_LLM_LIBS"):
    paths.append(os.environ["DOCREF_LLM_LIBS"])
sys.path[1:1] = paths


def probe() -> None:
    import sysconfig

    import docref
    import tree_sitter_java
    import tree_sitter_python
    from docref.llm.extra import llm_extra_missing
    from docref.segments.punkt_model import get_punkt_tokenizer

    del tree_sitter_java, tree_sitter_python  # imported: their compiled modules load here
    get_punkt_tokenizer()  # nltk and regex (compiled per Python version)
    tag = f"{sys.implementation.cache_tag}-{sysconfig.get_platform()}"
    answer = {
        "python": sys.version.split()[0],
        "tag": tag,
        "docref": getattr(docref, "__version__", "unknown"),
        "llm": llm_extra_missing() is None,
    }
    sys.stdout.write(json.dumps(answer) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["--probe"]:
        probe()
    else:
        import runpy

        sys.argv = ["docref", *sys.argv[1:]]
        runpy.run_module("docref", run_name="__main__", alter_sys=True)
