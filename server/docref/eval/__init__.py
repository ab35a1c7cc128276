"""``docref eval``: how well docref and other judges agree with human labels.

* :mod:`docref.eval.datasets` -- ReFEree-style JSON lines, field names configurable;
* :mod:`docref.eval.methods` -- the methods (``referee``, ``static``, the seed papers' LLM
  judges, ROUGE/BLEU/METEOR), per-item results;
* :mod:`docref.eval.metrics` -- Pearson / Spearman / Kendall tau-b with p-values, bootstrap
  CI95, segment-level accuracy / precision / recall / F1;
* :mod:`docref.eval.runner` -- per-item results cached, so an interrupted run resumes;
* :mod:`docref.eval.output` -- the table, the ``--json`` document and the ``--plot``;
* :mod:`docref.eval.cli` -- the ``eval`` subcommand.
"""
