"""docref's language server (``docref serve``): static-tier diagnostics and hovers in the editor.

:mod:`docref.lsp.server` holds the protocol handlers, :mod:`docref.lsp.folders` the per-folder
graph and settings, :mod:`docref.lsp.checking` the check run for one buffer,
:mod:`docref.lsp.configuration` the client's settings, :mod:`docref.lsp.watching` files changed
outside the editor, :mod:`docref.lsp.progress` the indexing progress,
:mod:`docref.lsp.diagnostics` and :mod:`docref.lsp.hover` the conversions to LSP types, and
:mod:`docref.lsp.cli` the ``serve`` sub-command.
"""
