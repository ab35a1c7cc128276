"""``docref eval`` model methods end to end against the local fake OpenAI server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.eval_helpers import method_entry, run_eval, synthetic_items, write_jsonl
from tests.fake_openai import Behaviour, FakeOpenAI, dead_port

JUDGES = "llm-judge,g-eval,coderpe,ask-llm,factscore"


def script_judges(fake: FakeOpenAI) -> None:
    """Answers that follow the GOOD/BAD marker of the synthetic summaries."""
    fake.when("EXPLANATION:", then=Behaviour(text="It says multiplies but the code adds."))
    fake.when("multiplies", "SCORE (score only)", then=Behaviour(text="0"))
    fake.when("SCORE (score only)", then=Behaviour(text="1"))
    fake.when("impartial judge", "GOOD", then=Behaviour(text="Fine. Rating: [[5]]"))
    fake.when("impartial judge", then=Behaviour(text="Wrong. Rating: [[2]]"))
    fake.when("Evaluation Form", "GOOD", then=Behaviour(text="5"))
    fake.when("Evaluation Form", then=Behaviour(text="1"))
    fake.when('"Rating: N"', "GOOD", then=Behaviour(text="Relevant.\nRating: 4"))
    fake.when('"Rating: N"', then=Behaviour(text="Not relevant.\nRating: 1"))
    fake.when("score only (a single number", "GOOD", then=Behaviour(text="4"))
    fake.when("score only (a single number", then=Behaviour(text="0"))
    fake.when("Independent of other factors", "GOOD", then=Behaviour(text="Strongly agree"))
    fake.when("Independent of other factors", then=Behaviour(text="Disagree"))
    fake.when("atomic facts", "GOOD", then=Behaviour(text="- GOOD sums\n- GOOD returns"))
    fake.when("atomic facts", then=Behaviour(text="- BAD multiplies\n- BAD returns\n- BAD x"))
    fake.when("Is the following statement", "GOOD", then=Behaviour(text="True"))
    fake.when("Is the following statement", then=Behaviour(text="False"))


def model_args(fake_url: str) -> list[str]:
    return ["--model", "openai/test", "--api-base", fake_url, "--timeout", "20", "--bootstrap", "0"]


def prompts(fake: FakeOpenAI, needle: str) -> list[str]:
    texts = ["\n".join(m["content"] for m in r.body["messages"]) for r in fake.requests]
    return [t for t in texts if needle in t]


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_jsonl(tmp_path_factory.mktemp("evalllm") / "d.jsonl", synthetic_items(6))


def test_every_model_method_end_to_end(dataset: Path, tmp_path: Path) -> None:
    with FakeOpenAI() as fake:
        script_judges(fake)
        proc = run_eval(
            str(dataset),
            "--method",
            f"referee,{JUDGES}",
            *model_args(fake.base_url),
            "--json",
            "--bootstrap",
            "100",
            cache=tmp_path,
        )
        requests = fake.requests
        referee_prompts = prompts(fake, "SCORE (score only)")
    assert proc.returncode == 0, proc.stderr
    assert "model endpoint: openai/test -> http://127.0.0.1" in proc.stderr
    doc = json.loads(proc.stdout)
    # referee: 6 items x 2 sentences x 4 criteria, plus one explanation per failed check
    # (the 3 BAD items' "multiplies" sentence fails all 4 criteria)
    expected_calls = {
        "referee": 48 + 12,
        "llm-judge": 6,
        "g-eval": 6,
        "coderpe": 6 * 16,
        "ask-llm": 6,
        "factscore": 6 + 3 * 2 + 3 * 3,
    }
    for name, calls in expected_calls.items():
        entry = method_entry(doc, name)
        assert entry["calls"] == calls, name
        assert entry["tokens"] == calls * 12, name  # the fake counts 11 + 1 per answer
        assert entry["n_scored"] == 6 and entry["unknown_answers"] == 0, name
        assert entry["pearson"] > 0.9 and entry["average"] > 0.8, name
        assert entry["error"] is None
    assert len(requests) == sum(expected_calls.values())
    assert method_entry(doc, "referee")["scores"] == [1.0, 0.5, 1.0, 0.5, 1.0, 0.5]
    assert method_entry(doc, "coderpe")["scores"][0] == 4.0
    assert method_entry(doc, "factscore")["scores"][:2] == [1.0, 0.0]
    # the dataset's related information reaches the paper-profile prompt
    assert any("helper0" in p for p in referee_prompts)
    assert all(r.body["temperature"] in (0.0, 0.1) for r in requests)


def test_garbage_answers_are_unknown_not_scores(dataset: Path, tmp_path: Path) -> None:
    with FakeOpenAI() as fake:
        fake.set_default(Behaviour(text="I think it is quite good overall"))
        fake.when("Evaluation Form", "number 0.", then=Behaviour(text="5"))
        fake.when("Evaluation Form", "number 1.", then=Behaviour(text="1"))
        fake.when("Evaluation Form", "number 2.", then=Behaviour(text="4"))
        fake.when("Evaluation Form", "number 3.", then=Behaviour(text="2"))
        proc = run_eval(
            str(dataset),
            "--method",
            "g-eval,ask-llm,referee",
            *model_args(fake.base_url),
            "--json",
            cache=tmp_path,
        )
        count = len(fake.requests)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    geval = method_entry(doc, "g-eval")
    assert geval["n_scored"] == 4 and geval["unknown_answers"] == 2
    assert geval["unscored"] == {"no parseable answer": 2}
    assert geval["calls"] == 4 + 2 * 2  # an unparseable answer is asked once more
    ask = method_entry(doc, "ask-llm")
    assert ask["n_scored"] == 0 and ask["pearson"] is None and ask["unknown_answers"] == 6
    referee = method_entry(doc, "referee")
    assert referee["n_scored"] == 0 and referee["unscored"] == {"every check is unknown": 6}
    assert count == geval["calls"] + ask["calls"] + referee["calls"]


def test_dead_endpoint_stops_with_a_clear_message(dataset: Path, tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{dead_port()}/v1"
    proc = run_eval(
        str(dataset), "--method", "g-eval,rouge-1", *model_args(url), "--json", cache=tmp_path
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "g-eval: stopped after 0 of 6 items" in proc.stderr
    doc = json.loads(proc.stdout)
    assert method_entry(doc, "g-eval")["error"]
    assert method_entry(doc, "rouge-1")["n_scored"] == 6  # the other methods still report


def test_model_methods_need_a_model(dataset: Path, tmp_path: Path) -> None:
    proc = run_eval(str(dataset), "--method", "referee", cache=tmp_path)
    assert proc.returncode == 2
    assert "methods referee need --model" in proc.stderr


def test_interrupted_run_resumes(dataset: Path, tmp_path: Path) -> None:
    with FakeOpenAI() as fake:
        script_judges(fake)
        first = run_eval(
            str(dataset),
            "--method",
            "g-eval,referee",
            "--limit",
            "2",
            *model_args(fake.base_url),
            "--json",
            cache=tmp_path,
        )
        assert first.returncode == 0, first.stderr
        after_first = len(fake.requests)
        # the server starts refusing the key half-way through the next run
        fake.push(*[Behaviour(text="5")] * 2)
        fake.set_default(Behaviour.error(401))
        fake._server.state.rules.clear()
        second = run_eval(
            str(dataset),
            "--method",
            "g-eval",
            "--concurrency",
            "1",
            *model_args(fake.base_url),
            "--json",
            cache=tmp_path,
        )
        assert second.returncode == 2
        assert "g-eval: stopped after 4 of 6 items" in second.stderr
        asked_second = [r for r in fake.requests[after_first:]]
        assert len(asked_second) == 3  # items 3 and 4 answered, item 5 refused
        fake.set_default(Behaviour())
        script_judges(fake)
        before_third = len(fake.requests)
        third = run_eval(
            str(dataset),
            "--method",
            "g-eval,referee",
            *model_args(fake.base_url),
            "--json",
            cache=tmp_path,
        )
        third_prompts = [
            "\n".join(m["content"] for m in r.body["messages"])
            for r in fake.requests[before_third:]
        ]
    assert third.returncode == 0, third.stderr
    doc = json.loads(third.stdout)
    geval = method_entry(doc, "g-eval")
    assert geval["cached"] == 4 and geval["n_scored"] == 6
    assert method_entry(doc, "referee")["cached"] == 2
    geval_asked = [p for p in third_prompts if "Evaluation Form" in p]
    assert len(geval_asked) == 2
    assert all("number 4." in p or "number 5." in p for p in geval_asked)
    referee_asked = [p for p in third_prompts if "SCORE (score only)" in p]
    assert referee_asked and not any("number 0." in p or "number 1." in p for p in referee_asked)


def test_referee_without_information_in_the_released_layout(dataset: Path, tmp_path: Path) -> None:
    with FakeOpenAI() as fake:
        script_judges(fake)
        proc = run_eval(
            str(dataset),
            "--method",
            "referee",
            "--context",
            "none",
            "--profile",
            "referee-ver4",
            "--weights",
            "paper",
            "--limit",
            "2",
            *model_args(fake.base_url),
            "--json",
            cache=tmp_path,
        )
        bodies = [r.body for r in fake.requests if "### SCORE" in str(r.body)]
    assert proc.returncode == 0, proc.stderr
    assert bodies and all(len(b["messages"]) == 1 for b in bodies)
    text = bodies[0]["messages"][0]["content"]
    assert "### PYTHON CODE:" in text and "No related context." in text
    assert "helper" not in text
    entry = method_entry(json.loads(proc.stdout), "referee")
    assert entry["settings"]["profile"] == "referee-ver4"
    assert entry["settings"]["weights"] == {"C1": 0.6, "C2": 1.2, "C3": 1.2, "C4": 1.0}
    assert entry["scores"] == [1.0, 0.5]


def test_referee_graph_context_and_segment_metrics(tmp_path: Path) -> None:
    repo = tmp_path / "repo" / "proj" / "src"
    repo.mkdir(parents=True)
    (repo / "Calc.java").write_text(
        "public class Calc {\n"
        "  static int twice(int v) { return v * 2; }\n"
        "  /** Adds. */\n"
        "  public int add0(int a, int b) {\n    return twice(a) + b;\n  }\n}\n"
    )
    rows = synthetic_items(4)
    for row in rows:
        row["fpath"] = "dataset/CoderEval/repository/Java/proj/src/Calc.java"
    rows[0]["segments"] = [
        {"text": "The add0 method returns the sum of a and b.", "C1": 1, "C2": 1, "C3": 0},
        {"text": "It multiplies a and b.", "C1": 1, "C3": 0, "C4": 1},
    ]
    data = write_jsonl(tmp_path / "g.jsonl", rows)
    with FakeOpenAI() as fake:
        script_judges(fake)
        proc = run_eval(
            str(data),
            "--method",
            "referee",
            "--context",
            "graph",
            "--repo-root",
            str(tmp_path / "repo"),
            *model_args(fake.base_url),
            "--json",
            cache=tmp_path / "c",
        )
        judged = prompts(fake, "SCORE (score only)")
    assert proc.returncode == 0, proc.stderr
    entry = method_entry(json.loads(proc.stdout), "referee")
    # item 0 resolves in the checkout; the others name methods the file does not have
    assert entry["n_done"] == 4 and entry["n_scored"] == 1
    assert any("no function or method named 'Calc.add1'" in why for why in entry["unscored"])
    assert any("twice" in p and "v * 2" in p for p in judged)  # docref's own 1-hop context
    seg = {s["criterion"]: s for s in entry["segment_metrics"]}
    # predictions: sentence 1 passes all four, "multiplies" fails all four
    assert (seg["C1"]["tp"], seg["C1"]["fp"], seg["C1"]["tn"], seg["C1"]["fn"]) == (0, 1, 1, 0)
    assert (seg["C3"]["tp"], seg["C3"]["fn"]) == (1, 1)
    assert seg["C3"]["precision"] == 1.0 and seg["C3"]["recall"] == 0.5
    assert seg["all"]["n"] == 6 and seg["C1"]["accuracy"] == 0.5
