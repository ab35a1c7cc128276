"""Defaults shared by several stages, in a module light enough for CLI start-up."""

#: Token budget of a function's related information (ReFEree context), estimated tokens.
DEFAULT_TOKEN_BUDGET = 2000
