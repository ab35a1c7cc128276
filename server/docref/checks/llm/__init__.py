"""The LLM tier of the checks: the ReFEree judge and its prompts.

* :mod:`docref.checks.llm.prompts` -- the per-(segment, criterion) judge prompt in two profiles
  (``paper``, hardened for untrusted input; ``referee-ver4``, the released layout for parity),
  the paper's generation parameters, strict answer parsing and the explanation prompt.
* :mod:`docref.checks.llm.tier` -- `check_function_llm`: every (segment, criterion) question of
  one function, concurrently, with explanations for failures.
* :mod:`docref.checks.llm.asking` -- `LlmRun`, the state a run shares (call budget, fatal
  error), and the sending of one function's requests with its counters.
* :mod:`docref.checks.llm.result` -- `LlmFunctionResult`, one function's answers (light: read
  back from the results cache without the model client).
"""
