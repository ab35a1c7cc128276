"""A column table of named float series (NumPy style)."""

from __future__ import annotations

from collections.abc import Iterable

from nstat.stats import mean, median

MISSING = float("nan")


class Table:
    """Named columns of equal length.

    Parameters
    ----------
    columns : dict of str to list of float
        The data.
    """

    def __init__(self, columns: dict[str, list[float]]) -> None:
        self._cols = dict(columns)
        self.nrows = len(next(iter(columns.values()), []))

    # PROBE attr-name stale C1 | is stored in ``self._data`` under its name
    def add(self, name: str, column: list[float]) -> None:
        """Add a column.

        The column is stored in ``self._data`` under its name.

        Parameters
        ----------
        name : str
            Column name.
        column : list of float
            Its values, one per row.
        """
        self._cols[name] = column

    # PROBE attr-name ctrl - | is removed from ``self._cols``
    def drop(self, name: str) -> None:
        """Remove a column.

        The column is removed from ``self._cols``; unknown names are ignored.

        Parameters
        ----------
        name : str
            Column name.
        """
        self._cols.pop(name, None)

    # PROBE attr-name stale C1 | The table's ``n_rows`` attribute
    def head(self, n: int = 5) -> Table:
        """First rows.

        The table's ``n_rows`` attribute bounds `n`.

        Parameters
        ----------
        n : int, optional
            How many rows.

        Returns
        -------
        Table
            A new table.
        """
        k = min(n, self.nrows)
        return Table({c: v[:k] for c, v in self._cols.items()})

    # PROBE attr-name ctrl - | The table's ``nrows`` attribute
    def tail(self, n: int = 5) -> Table:
        """Last rows.

        The table's ``nrows`` attribute bounds `n`.

        Parameters
        ----------
        n : int, optional
            How many rows.

        Returns
        -------
        Table
            A new table.
        """
        k = min(n, self.nrows)
        return Table({c: v[self.nrows - k :] for c, v in self._cols.items()})

    # PROBE ret-type stale C2 | Return a list of the column names
    def names(self) -> tuple[str, ...]:
        """Return a list of the column names, in insertion order.

        Returns
        -------
        tuple of str
            The names.
        """
        return tuple(self._cols)

    # PROBE ret-type ctrl - | Return a list of the column names
    def name_list(self) -> list[str]:
        """Return a list of the column names, in insertion order.

        Returns
        -------
        list of str
            The names.
        """
        return list(self._cols)

    # PROBE ret-type stale C2 | a dictionary mapping each column to its mean
    def means(self) -> list[float]:
        """Column means.

        This method gives back a dictionary mapping each column to its mean.

        Returns
        -------
        list of float
            One mean per column, in column order.
        """
        return [mean(v) for v in self._cols.values()]

    # PROBE ret-type ctrl - | a dictionary mapping each column to its median
    def medians(self) -> dict[str, float]:
        """Column medians.

        This method gives back a dictionary mapping each column to its median.

        Returns
        -------
        dict of str to float
            The medians.
        """
        return {c: median(v) for c, v in self._cols.items()}

    # PROBE ret-type stale C2 | Returns the number of rows as a string
    def shape(self) -> tuple[int, int]:
        """Size of the table.

        Returns the number of rows as a string, e.g. ``"10"``.

        Returns
        -------
        tuple of int
            ``(rows, columns)``.
        """
        return self.nrows, len(self._cols)

    # PROBE ret-type ctrl - | Returns the number of rows as a string
    def shape_text(self) -> str:
        """Size of the table as text.

        Returns the number of rows as a string, e.g. ``"10"``.

        Returns
        -------
        str
            The row count.
        """
        return str(self.nrows)


# PROBE param-type stale C2 | `columns` is a dict mapping
def from_rows(rows: list[list[float]], columns: list[str]) -> Table:
    """Build a table from rows.

    `columns` is a dict mapping each name to its position in a row.

    Parameters
    ----------
    rows : list of list of float
        The data, one list per row.
    columns : list of str
        Column names, in row order.

    Returns
    -------
    Table
        The table.
    """
    return Table({name: [r[i] for r in rows] for i, name in enumerate(columns)})


# PROBE param-type ctrl - | `columns` is a dict mapping
def from_rows_indexed(rows: list[list[float]], columns: dict[str, int]) -> Table:
    """Build a table from rows, picking columns.

    `columns` is a dict mapping each name to its position in a row.

    Parameters
    ----------
    rows : list of list of float
        The data, one list per row.
    columns : dict of str to int
        Column positions.

    Returns
    -------
    Table
        The table.
    """
    return Table({name: [r[i] for r in rows] for name, i in columns.items()})


# PROBE param-type stale C2 | The fill value is a string such as
def fill_missing(table: Table, fill: float) -> Table:
    """Replace NaN values.

    The fill value is a string such as ``"0"``, parsed once.

    Parameters
    ----------
    table : Table
        The table.
    fill : float
        Replacement value.

    Returns
    -------
    Table
        A new table.
    """
    return Table({c: [fill if v != v else v for v in vs] for c, vs in table._cols.items()})


# PROBE param-type ctrl - | The fill value is a string such as
def fill_missing_text(table: Table, fill: str) -> Table:
    """Replace NaN values with a parsed fill.

    The fill value is a string such as ``"0"``, parsed once.

    Parameters
    ----------
    table : Table
        The table.
    fill : str
        Replacement value, as text.

    Returns
    -------
    Table
        A new table.
    """
    value = float(fill)
    return Table({c: [value if v != v else v for v in vs] for c, vs in table._cols.items()})


# PROBE class-name stale C1 | A new `Frame` holding
def concat(tables: Iterable[Table]) -> Table:
    """Stack tables vertically.

    A new `Frame` holding every row of every table, in order.

    Parameters
    ----------
    tables : iterable of Table
        Tables with the same columns.

    Returns
    -------
    Table
        The stacked table.
    """
    out: dict[str, list[float]] = {}
    for t in tables:
        for c, vs in t._cols.items():
            out.setdefault(c, []).extend(vs)
    return Table(out)


# PROBE class-name ctrl - | A new `Table` holding
def concat_columns(tables: Iterable[Table]) -> Table:
    """Join tables side by side.

    A new `Table` holding every column of every table; later names win.

    Parameters
    ----------
    tables : iterable of Table
        Tables with the same row count.

    Returns
    -------
    Table
        The joined table.
    """
    out: dict[str, list[float]] = {}
    for t in tables:
        out.update(t._cols)
    return Table(out)


# PROBE trap ctrl - | >>> t = Table({"a": [1.0, 2.0]})
def column_sum(table: Table, name: str) -> float:
    """Sum of one column.

    Examples
    --------
    >>> t = Table({"a": [1.0, 2.0]})
    >>> column_sum(t, name="a")
    3.0

    Parameters
    ----------
    table : Table
        The table.
    name : str
        Column name.

    Returns
    -------
    float
        The sum.
    """
    return sum(table._cols[name])


# PROBE trap ctrl - | the same ``window_size`` as
def smooth(table: Table, name: str) -> list[float]:
    """Smooth one column with a three-row rolling mean.

    Uses :func:`nstat.stats.rolling_mean` with the same ``window_size`` as
    its docs suggest for daily data (3).

    Parameters
    ----------
    table : Table
        The table.
    name : str
        Column name.

    Returns
    -------
    list of float
        The smoothed column.
    """
    from nstat.stats import rolling_mean

    return rolling_mean(table._cols[name], 3)


# PROBE trap ctrl - | The NaN placeholder is ``MISSING``
def count_missing(table: Table) -> dict[str, int]:
    """Count NaN values per column.

    The NaN placeholder is ``MISSING``; NaN never equals itself, which is
    how it is found.

    Parameters
    ----------
    table : Table
        The table.

    Returns
    -------
    dict of str to int
        The count per column.
    """
    return {c: sum(1 for v in vs if v != v) for c, vs in table._cols.items()}


# PROBE trap ctrl - | `median` and `n` are the column
def summary(table: Table, name: str) -> str:
    """One-line summary of a column.

    The line reads ``"mean=<mean> median=<median> n=<n>"``, where `mean`,
    `median` and `n` are the column's statistics.

    Parameters
    ----------
    table : Table
        The table.
    name : str
        Column name.

    Returns
    -------
    str
        The summary.
    """
    vs = table._cols[name]
    return f"mean={mean(vs)} median={median(vs)} n={len(vs)}"
