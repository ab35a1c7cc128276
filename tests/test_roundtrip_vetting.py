"""Rewrite vetting (``fix_verify_with_roundtrip``): a proposed docstring is compared with the
original by round-trip pass@1 on the sample project's real tests, bodies from a local
OpenAI-compatible endpoint that answers per docstring."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from docref.llm.client import ModelClient
from docref.llm.endpoint import ModelSettings
from docref.roundtrip.vetting import vet_rewrite

from tests.fake_openai import Behaviour, FakeOpenAI
from tests.helpers import roundtrip_project

CORRECT = Behaviour(text="```python\nreturn len(WORD.findall(text))\n```")
WRONG = Behaviour(text="```python\nreturn len(text.split(' '))\n```")
REWRITE = '"""Count the words in ``text`` (RW-MARK): split it at single spaces."""'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return roundtrip_project(tmp_path)


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        server.set_default(CORRECT)
        yield server


def client_for(fake: FakeOpenAI) -> ModelClient:
    return ModelClient(ModelSettings(model="openai/test", api_base=fake.base_url))


async def test_a_rewrite_that_rebuilds_worse_is_withheld(project: Path, fake: FakeOpenAI) -> None:
    fake.when("RW-MARK", then=WRONG)  # bodies from the rewrite's prompt fail the tests
    client = client_for(fake)
    try:
        vetting = await vet_rewrite(
            client, str(project / "textkit" / "words.py"), "count_words", REWRITE, root=str(project)
        )
    finally:
        await client.aclose()
    assert (vetting.accepted, vetting.compared) == (False, True)
    assert (vetting.original, vetting.rewrite) == (1.0, 0.0)
    assert "pass@1 0.00 < 1.00" in vetting.reason
    prompts = [str(r.body["messages"]) for r in fake.requests]
    assert sum("RW-MARK" in p for p in prompts) == 3  # the rewrite's samples
    assert not any("TODO: Implement." in p for p in prompts)  # no forward-lift samples


async def test_a_rewrite_that_rebuilds_as_well_is_kept(project: Path, fake: FakeOpenAI) -> None:
    client = client_for(fake)
    try:
        vetting = await vet_rewrite(
            client, str(project / "textkit" / "words.py"), "count_words", REWRITE, root=str(project)
        )
    finally:
        await client.aclose()
    assert (vetting.accepted, vetting.compared) == (True, True)
    assert (vetting.original, vetting.rewrite) == (1.0, 1.0)


async def test_without_tests_the_rewrite_is_not_held_back(project: Path, fake: FakeOpenAI) -> None:
    client = client_for(fake)
    try:
        vetting = await vet_rewrite(
            client,
            str(project / "textkit" / "words.py"),
            "shout",
            '"""Shout."""',
            root=str(project),
        )
    finally:
        await client.aclose()
    assert (vetting.accepted, vetting.compared) == (True, False)
    assert "no tests exercise" in vetting.reason
    assert fake.requests == []  # nothing asked when there is nothing to compare
