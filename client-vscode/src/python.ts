// The interpreter the Python tooling selected: the Python Environments extension
// (ms-python.vscode-python-envs) first, then the Python extension (ms-python.python) through
// its environments API, then its older `settings.getExecutionDetails`.  The types below are
// the few members used, declared here so the extension needs no extra package.

import * as vscode from 'vscode';

interface RunConfiguration {
  executable: string;
  args?: string[];
}

interface EnvironmentsExtensionApi {
  getEnvironment(scope: vscode.Uri | undefined): Promise<{ execInfo?: { run?: RunConfiguration } } | undefined>;
  onDidChangeEnvironment?: vscode.Event<unknown>;
}

interface EnvironmentPath {
  id: string;
  path: string;
}

interface PythonApi {
  environments?: {
    getActiveEnvironmentPath(resource?: vscode.Uri): EnvironmentPath;
    resolveEnvironment(env: EnvironmentPath | string): Promise<{ executable: { uri?: vscode.Uri } } | undefined>;
    onDidChangeActiveEnvironmentPath: vscode.Event<unknown>;
  };
  settings?: {
    getExecutionDetails(resource?: vscode.Uri): { execCommand: string[] | undefined };
    onDidChangeExecutionDetails: vscode.Event<unknown>;
  };
}

const ENVIRONMENTS_EXTENSION = 'ms-python.vscode-python-envs';
const PYTHON_EXTENSION = 'ms-python.python';

async function exportsOf<T>(id: string): Promise<T | undefined> {
  const extension = vscode.extensions.getExtension<T>(id);
  if (extension === undefined) {
    return undefined;
  }
  return extension.isActive ? extension.exports : extension.activate();
}

/** Whether the Python extension is installed (it can then pick the interpreter). */
export function pythonExtensionInstalled(): boolean {
  return vscode.extensions.getExtension(PYTHON_EXTENSION) !== undefined;
}

async function fromEnvironmentsExtension(resource: vscode.Uri | undefined): Promise<string[] | undefined> {
  const api = await exportsOf<EnvironmentsExtensionApi>(ENVIRONMENTS_EXTENSION);
  const run = (await api?.getEnvironment(resource))?.execInfo?.run;
  return run?.executable ? [run.executable, ...(run.args ?? [])] : undefined;
}

async function fromPythonExtension(resource: vscode.Uri | undefined): Promise<string[] | undefined> {
  const python = await exportsOf<PythonApi>(PYTHON_EXTENSION);
  if (python === undefined) {
    return undefined;
  }
  if (python.environments !== undefined) {
    const active = python.environments.getActiveEnvironmentPath(resource);
    const executable = (await python.environments.resolveEnvironment(active))?.executable.uri?.fsPath;
    if (executable) {
      return [executable];
    }
  }
  return python.settings?.getExecutionDetails(resource).execCommand;
}

/** The command of the interpreter the Python tooling selected for `resource`, if any. */
export async function pythonExtensionInterpreter(resource: vscode.Uri | undefined): Promise<string[] | undefined> {
  // an extension that fails is treated as absent, so the next source still gets its turn
  const fromEnvs = await fromEnvironmentsExtension(resource).catch(() => undefined);
  return fromEnvs ?? (await fromPythonExtension(resource));
}

/** Call `listener` when the selected interpreter changes in either extension. */
export async function onPythonInterpreterChanged(listener: () => void): Promise<vscode.Disposable> {
  const events: vscode.Event<unknown>[] = [];
  const envs = await exportsOf<EnvironmentsExtensionApi>(ENVIRONMENTS_EXTENSION).catch(() => undefined);
  if (envs?.onDidChangeEnvironment) {
    events.push(envs.onDidChangeEnvironment);
  }
  const python = await exportsOf<PythonApi>(PYTHON_EXTENSION).catch(() => undefined);
  const pythonEvent = python?.environments?.onDidChangeActiveEnvironmentPath ?? python?.settings?.onDidChangeExecutionDetails;
  if (pythonEvent) {
    events.push(pythonEvent);
  }
  return vscode.Disposable.from(...events.map((event) => event(() => listener())));
}
