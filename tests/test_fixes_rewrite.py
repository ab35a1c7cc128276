"""The model rewrite (docref.fixes.prompt / candidate / rewrite): reading answers, framing
them like the original literal, validating them, and the whole loop through the real
litellm client against the local fake OpenAI server."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from docref.config.settings import Settings
from docref.engine.model import ModelSetupError, ModelTier
from docref.fixes.candidate import candidate_problems, frame_literal
from docref.fixes.prompt import extract_docstring, rewrite_messages
from docref.fixes.rewrite import fix_docstring, model_setup
from docref.fixes.target import FixTarget, find_target
from docref.fixes.verify import StaticCheck
from docref.graph.project import ProjectGraph

from tests.fake_openai import Behaviour, FakeOpenAI, dead_port

BODY = "Compute the area.\n\nArgs:\n    width (int): The width."

# ---- reading answers --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        f"Here is the fix:\n\n```python\n{BODY}\n```\n\nI renamed it.",
        f'```python\n    """{BODY.replace(chr(10), chr(10) + "    ")}\n    """\n```',
        f'Sure.\n\n"""{BODY}\n"""\nDone.',
        f"Here is the corrected docstring:\n{BODY}\n",
        f"```\n{BODY}",  # an unclosed fence
        f"```text\nnot this one\n```\n\n```python\n'''{BODY}'''\n```",
    ],
)
def test_the_docstring_is_read_out_of_many_answer_shapes(answer: str) -> None:
    assert extract_docstring(answer, "python") == BODY


def test_javadoc_answers_lose_their_comment_markers() -> None:
    answer = "```java\n/**\n * Resize.\n *\n * @param width the width\n */\n```"
    assert extract_docstring(answer, "java") == "Resize.\n\n@param width the width"
    assert extract_docstring("   \n\n", "python") is None


def test_the_prompt_fences_the_data_and_restates_the_contract() -> None:
    messages = rewrite_messages(
        language="python",
        style="google",
        code="def f():\n    ```evil```\n",
        related="",
        docstring="Do things.",
        findings=[],
        feedback="it changes the docstring style",
    )
    system, user = messages[0]["content"], messages[1]["content"]
    assert "Google style" in system
    assert "````python\ndef f():" in user  # a fence longer than the backticks inside
    assert "No related information." in user
    assert "YOUR PREVIOUS ANSWER WAS REJECTED: it changes the docstring style" in user
    assert user.rstrip().endswith("fenced blocks.")


# ---- framing and validating -------------------------------------------------------------------


def _target(tmp_path: Path, text: str, name: str = "m.py", qualname: str = "area") -> FixTarget:
    root = tmp_path / "proj"
    root.mkdir(exist_ok=True)
    (root / name).write_text(text, encoding="utf-8", newline="")
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index()
    target = find_target(graph, str(root / name), qualname)
    assert target is not None
    return target


ORIGINAL = '''\
class Shape:
    def area(self, width: int) -> int:
        r"""Compute the area.

        Args:
            widht (int): The width.
        """
        return width
'''


def test_the_literal_is_framed_like_the_original(tmp_path: Path) -> None:
    target = _target(tmp_path, ORIGINAL, qualname="Shape.area")
    new = frame_literal(target, BODY)
    assert new == (
        'r"""Compute the area.\n\n        Args:\n            width (int): The width.\n        """'
    )
    crlf = _target(
        tmp_path, ORIGINAL.replace("\n", "\r\n").replace("    ", "\t"), "c.py", "Shape.area"
    )
    assert frame_literal(crlf, BODY) == (
        # the margin is the original's; the model's own relative indentation stays
        'r"""Compute the area.\r\n\r\n\t\tArgs:\r\n\t\t    width (int): The width.\r\n\t\t"""'
    )
    opened = ORIGINAL.replace('r"""Compute', 'r"""\n        Compute')
    assert frame_literal(_target(tmp_path, opened, "o.py", "Shape.area"), "One line.") == (
        'r"""\n        One line.\n        """'
    )


def test_a_one_line_docstring_stays_one_line_and_gets_own_closing_when_it_grows(
    tmp_path: Path,
) -> None:
    target = _target(tmp_path, 'def area():\n    """Area."""\n    return 1\n')
    assert frame_literal(target, "The area.") == '"""The area."""'
    assert frame_literal(target, "The area.\n\nMore.") == '"""The area.\n\n    More.\n    """'


def test_javadoc_is_framed_with_its_stars(tmp_path: Path) -> None:
    text = "class Box {\n    /**\n     * Resize.\n     */\n    void resize() {}\n}\n"
    target = _target(tmp_path, text, "Box.java", "Box.resize")
    framed = frame_literal(target, "Resize it.\n\n@return nothing")
    assert framed == "/**\n     * Resize it.\n     *\n     * @return nothing\n     */"


def test_candidates_that_change_style_or_drop_sentences_are_rejected(tmp_path: Path) -> None:
    text = '''\
def area(width: int) -> int:
    """Compute the area.

    The box is axis aligned.

    Args:
        size (int): The width.
    """
    return width
'''
    target = _target(tmp_path, text)
    flagged = [s for s in target.parsed.segments if s.kind == "param"]
    assert flagged

    class _Flag:  # what candidate_problems reads of a finding: its span
        def __init__(self, start: int, end: int) -> None:
            self.start, self.end = start, end

    findings = [_Flag(s.start, s.end) for s in flagged]
    good = frame_literal(
        target,
        "Compute the area.\n\nThe box is axis aligned.\n\nArgs:\n    width (int): The width.",
    )
    assert candidate_problems(target, good, findings) == []  # type: ignore[arg-type]
    numpy = frame_literal(
        target,
        "Compute the area.\n\nThe box is axis aligned.\n\nParameters\n----------\nwidth : int\n"
        "    The width.",
    )
    [problem] = candidate_problems(target, numpy, findings)  # type: ignore[arg-type]
    assert "style from google to numpy" in problem
    dropped = frame_literal(target, "Compute the area.\n\nArgs:\n    width (int): The width.")
    [problem] = candidate_problems(target, dropped, findings)  # type: ignore[arg-type]
    assert "'The box is axis aligned.'" in problem
    assert candidate_problems(target, target.literal, findings) == [  # type: ignore[arg-type]
        "it is the docstring unchanged"
    ]
    quotes = frame_literal(target, 'Compute """ the area.')
    assert candidate_problems(target, quotes, findings) == [  # type: ignore[arg-type]
        "it holds the closing quotes"
    ]


# ---- the whole loop against the fake endpoint -------------------------------------------------

# ``size`` cannot be paired with ``width``: its documented type contradicts the annotation
UNSETTLED = '''\
def area(width: int, height: int) -> int:
    """Compute the area of a box.

    The box is axis aligned.

    Args:
        size (str): The width.
        height (int): The height.
    """
    return width * height
'''
FIXED_BODY = (
    "Compute the area of a box.\n\nThe box is axis aligned.\n\nArgs:\n"
    "    width (int): The width.\n    height (int): The height."
)
WRONG_BODY = FIXED_BODY.replace("width (int)", "breadth (int)")
REWRITE = "Write the corrected documentation comment"


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FakeOpenAI]:
    monkeypatch.setenv("DOCREF_CACHE_DIR", str(tmp_path / "cache"))
    for name in ("OPENAI_BASE_URL", "OPENAI_API_BASE", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    with FakeOpenAI() as server:
        server.set_default(Behaviour(text="1"))
        yield server


def _project(tmp_path: Path) -> tuple[ProjectGraph, str]:
    root = tmp_path / "proj"
    root.mkdir()
    (root / "box.py").write_text(UNSETTLED, encoding="utf-8")
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index()
    return graph, str(root / "box.py")


def _fix(graph: ProjectGraph, path: str, base: str) -> tuple[object, int]:
    settings = Settings(model="openai/test", api_base=base, timeout=20, criteria=("C1", "C2"))
    model = model_setup(settings, ModelTier())
    assert model is not None

    async def go() -> object:
        try:
            return await fix_docstring(
                graph, path, "area", StaticCheck(), lock=asyncio.Lock(), model=model
            )
        finally:
            await model.client.aclose()

    return asyncio.run(go()), model.client.stats.calls


def _rewrite_prompts(fake: FakeOpenAI) -> list[str]:
    texts = ["\n".join(m["content"] for m in r.body["messages"]) for r in fake.requests]
    return [t for t in texts if REWRITE in t]


def test_a_rejected_answer_is_asked_again_with_the_reason(fake: FakeOpenAI, tmp_path: Path) -> None:
    fake.when(REWRITE, "REJECTED", then=Behaviour(text=f"```\n{FIXED_BODY}\n```"))
    fake.when(REWRITE, then=Behaviour(text=f"```\n{WRONG_BODY}\n```"))
    graph, path = _project(tmp_path)
    result, calls = _fix(graph, path, fake.base_url)
    assert result.how == "model" and result.literal is not None  # type: ignore[attr-defined]
    assert "width (int): The width." in result.literal  # type: ignore[attr-defined]
    first, second = _rewrite_prompts(fake)
    assert 'documents parameter "size"' in first
    assert (
        'the static tier still flags it (C1 name inconsistency: documents parameter "breadth"'
        in second
    )
    # 2 rewrites + 4 sentences x 2 criteria judged on the accepted candidate
    assert calls == 2 + 4 * 2
    assert graph.source(path) == UNSETTLED  # the graph has the file's own text again


def test_the_judge_flagging_the_candidate_rejects_it(fake: FakeOpenAI, tmp_path: Path) -> None:
    fake.when(REWRITE, then=Behaviour(text=f"```\n{FIXED_BODY}\n```"))
    fake.when("```text\nwidth (int): The width.\n```", then=Behaviour(text="0"))
    graph, path = _project(tmp_path)
    result, _ = _fix(graph, path, fake.base_url)
    assert result.literal is None and result.how == "none"  # type: ignore[attr-defined]
    message = result.message  # type: ignore[attr-defined]
    assert "the model rewrite failed: 2 answers were rejected" in message
    assert "the model judge flags C" in message and "'width (int): The width.'" in message
    assert len(_rewrite_prompts(fake)) == 2


def test_a_dead_endpoint_is_an_explained_failure(tmp_path: Path) -> None:
    graph, path = _project(tmp_path)
    settings = Settings(
        model="openai/test", api_base=f"http://127.0.0.1:{dead_port()}/v1", timeout=2
    )
    model = model_setup(settings, ModelTier())
    assert model is not None

    async def go() -> object:
        try:
            return await fix_docstring(
                graph, path, "area", StaticCheck(), lock=asyncio.Lock(), model=model
            )
        finally:
            await model.client.aclose()

    result = asyncio.run(go())
    assert result.literal is None  # type: ignore[attr-defined]
    assert "the model could not be used" in result.message  # type: ignore[attr-defined]
    assert "no deterministic fix" in result.message  # type: ignore[attr-defined]


def test_model_setup_follows_the_settings() -> None:
    local = Settings(model="openai/x", api_base="http://127.0.0.1:9/v1")
    tier = ModelTier()
    assert model_setup(Settings(), tier) is None  # no model configured: no rewrite
    setup = model_setup(local.override(profile="referee-ver4"), tier)
    assert setup is not None and setup.profile == "referee-ver4" and setup.tier is tier
    assert setup.client is tier.client_for(local)  # the tier's one client for the model
    with pytest.raises(ModelSetupError):  # local_only refuses a remote endpoint, before any call
        ModelTier().client_for(
            Settings(model="openai/x", api_base="https://api.example.com/v1", local_only=True)
        )
