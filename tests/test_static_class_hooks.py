"""A subclass inheriting its constructor documents the hook it implements (session 17)."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings

_TASKS = '''
class Task:
    """A unit of work.

    :param coordinator: The coordinator of the transfer.
    :param main_kwargs: The keyword arguments ``_main`` is called with.
    """

    def __init__(self, coordinator, main_kwargs=None):
        self._coordinator = coordinator
        self._main_kwargs = main_kwargs or {}

    def __call__(self):
        return self._main(**self._main_kwargs)

    def _main(self, **kwargs):
        raise NotImplementedError


class RenameTask(Task):
    """Rename a temporary file to its final name.

    :param fileobj: The file handle that content was written to.
    :param final_filename: The final name of the file.
    """

    def _main(self, fileobj, final_filename):
        fileobj.close()
        return final_filename


class CloseTask(Task):
    """Close a file.

    :param fileobj: The file to close.
    :param osutil: Not a parameter of _main any more.
    """

    def _main(self, fileobj):
        fileobj.close()


class OwnInitTask(Task):
    """A task with a constructor of its own.

    :param fileobj: The file to close.
    """

    def __init__(self, coordinator):
        super().__init__(coordinator)

    def _main(self, fileobj):
        fileobj.close()


class DocumentsTheCallTask(Task):
    """A task documenting the inherited constructor.

    :param coordinator: The coordinator.
    :param fileobj: The file to close.
    """

    def _main(self, fileobj):
        fileobj.close()
'''


def _findings(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    return sorted((f.qualname, f.message.split(",")[0]) for f in default_findings(tmp_path, code))


def test_a_subclass_documenting_the_hook_it_implements(tmp_path: Path) -> None:
    # round 22 (s3transfer's ``IORenameFileTask(Task)``): the class inherits ``Task.__init__``
    # (which takes the hook's arguments packed in ``main_kwargs``) and documents the
    # parameters of the ``_main`` it implements.  Controls that stay reported: ``osutil``,
    # a name the hook does not take; ``fileobj`` on a class with its own constructor (its
    # docstring describes that call); ``fileobj`` beside a documented constructor parameter
    # (the docstring describes the constructor's call)
    assert _findings(tmp_path, _TASKS) == [
        ("CloseTask", 'documents parameter "osutil"'),
        ("DocumentsTheCallTask", 'documents parameter "fileobj"'),
        ("OwnInitTask", 'documents parameter "fileobj"'),
    ]


_COMMANDS = '''
class BaseCommand:
    """A management command.

    :param stdout: Where the output goes.
    """

    def __init__(self, stdout=None):
        self.stdout = stdout
        self.style = None

    def handle(self, *args, **options):
        raise NotImplementedError


class TemplateCommand(BaseCommand):
    """Copy a template into the specified directory.

    :param style: A color style object.
    :param app_or_project: The string 'app' or 'project'.
    :param name: The name of the application or project.
    :param directory: The directory to which the template should be copied.
    :param options: The additional variables passed to the templates.
    """

    def add_arguments(self, parser):
        parser.add_argument("directory", nargs="?")

    def handle(self, app_or_project, name, target=None, **options):
        return app_or_project, name, target, options


class RenamedCommand(BaseCommand):
    """Copy a template.

    :param app_or_project: The string 'app' or 'project'.
    :param name: Renamed in the hook: stale.
    """

    def handle(self, app_or_project, name_list, **options):
        return app_or_project, name_list, options


class ClosedCommand(BaseCommand):
    """Copy a template.

    :param app_or_project: The string 'app' or 'project'.
    :param directory: Not a parameter of handle, which takes no options.
    """

    def handle(self, app_or_project, *labels):
        return app_or_project, labels
'''


def test_a_command_documenting_its_hook_and_the_options_it_receives(tmp_path: Path) -> None:
    # round 25 (django's ``TemplateCommand(BaseCommand)``): the class documents
    # ``handle(app_or_project, name, target=None, **options)``, its ``**options`` and the
    # command-line ``directory`` and ``style`` that reach the command beside them.  Controls
    # that stay reported: a renamed twin of the hook's parameter under ``**options``
    # (``name`` for ``name_list``), and a name beside a hook without ``**kwargs``
    assert _findings(tmp_path, _COMMANDS) == [
        ("ClosedCommand", 'documents parameter "directory"'),
        ("RenamedCommand", 'documents parameter "name"'),
    ]


_EXTENSIONS = '''
class AnalyzerExtension:
    """The base of the analyzer's extensions.

    :param analyzer: The analyzer the extension belongs to.
    """

    def __init__(self, analyzer):
        self.analyzer = analyzer
        self.params = None

    def set_params(self, save=True, **params):
        self.params = self._set_params(**params)

    def _set_params(self, **params):
        raise NotImplementedError

    def plot(self, radius_um=None):
        return radius_um


class ComputeSimilarity(AnalyzerExtension):
    """Compute the similarity of the templates.

    :param analyzer: The analyzer.
    :param method: The similarity method.
    :param max_lag_ms: The maximum lag in ms.
    """

    def _set_params(self, method="cosine", max_lag_ms=0):
        return dict(method=method, max_lag_ms=max_lag_ms)


class BaseMetricExtension(AnalyzerExtension):
    def __init__(self, analyzer):
        super().__init__(analyzer)

    def _set_params(self, metric_names=None, delete_existing_metrics=False, **other_params):
        return dict(metric_names=metric_names, **other_params)


class ComputeSpikeTrainMetrics(BaseMetricExtension):
    """Compute the spike train metrics.

    :param analyzer: The analyzer.
    :param metric_names: The metrics to compute.
    :param delete_existing_metrics: Whether to delete the metrics computed before.
    """


class ComputeStaleSimilarity(AnalyzerExtension):
    """Compute the similarity of the templates.

    :param analyzer: The analyzer.
    :param method: The similarity method.
    :param support: Not a parameter of _set_params any more.
    """

    def _set_params(self, method="cosine"):
        return dict(method=method)


class ComputeLocations(AnalyzerExtension):
    """Compute the unit locations.

    :param analyzer: The analyzer.
    :param radius_um: A stale parameter that only the non-forwarded ``plot`` takes.
    """

    def _set_params(self, method="center_of_mass"):
        return dict(method=method)



class DecompositionMixin:
    def fit(self, tensor, **kwargs):
        return self.fit_transform(tensor, **kwargs)


class CP(DecompositionMixin):
    """A CP decomposition.

    :param rank: The rank of the decomposition.
    :param tensor: A stale entry: ``fit`` passes ``tensor`` itself, not through its keywords.
    """

    def __init__(self, rank):
        self.rank = rank

    def fit_transform(self, tensor):
        return tensor
'''


def test_an_extension_documenting_the_keywords_its_base_forwards_to_a_hook(
    tmp_path: Path,
) -> None:
    # round 94 (spikeinterface's analyzer extensions, 23 FALSE): the class documents the
    # inherited constructor's ``analyzer`` and the keywords of the ``_set_params`` hook (its
    # own or a base's) that the base's ``set_params(self, save=True, **params)`` forwards its
    # ``**params`` to.  Controls that stay reported: ``support``, which the hook does not take;
    # ``radius_um``, a parameter of a method nothing forwards keywords to; and ``tensor``,
    # which ``fit(self, tensor, **kwargs)`` passes to ``fit_transform`` itself (tensorly's
    # decompositions, 10 TRUE)
    assert _findings(tmp_path, _EXTENSIONS) == [
        ("CP", 'documents parameter "tensor"'),
        ("ComputeLocations", 'documents parameter "radius_um"'),
        ("ComputeStaleSimilarity", 'documents parameter "support"'),
    ]
