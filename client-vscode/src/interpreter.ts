// Which Python runs the server, and whether docref is importable there.  No `vscode` import:
// the Python extension is reached through a callback, so discovery is unit-tested with real
// processes and fake sources.

import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Where the interpreter came from, for the output channel and messages. */
export type InterpreterSource = 'setting' | 'python-extension' | 'path';

export interface Interpreter {
  /** The command: the executable, then any leading arguments (`["conda", "run", …]`). */
  command: string[];
  source: InterpreterSource;
}

export interface DiscoverySources {
  /** `docref.interpreter` (already resolved for the folder). */
  setting: readonly string[];
  /** The Python extension's interpreter for the folder; `undefined` when it is not
   * installed or has none selected. */
  pythonExtension: () => Promise<string[] | undefined>;
  /** Variables for `${…}` in the setting. */
  variables: Readonly<Record<string, string>>;
  /** `PATH` lookup; defaults to searching `process.env.PATH`. */
  which?: (name: string) => string | undefined;
}

/**
 * The interpreter to run the server with: `docref.interpreter` when the user set it (an
 * explicit choice beats the ambient one), else the Python extension's, else `python3` (then
 * `python`) on PATH.  `undefined` when there is none at all.
 */
export async function discoverInterpreter(sources: DiscoverySources): Promise<Interpreter | undefined> {
  const setting = sources.setting.map((part) => expandVariables(part, sources.variables)).filter((p) => p !== '');
  if (setting.length > 0) {
    return { command: setting, source: 'setting' };
  }
  let fromExtension: string[] | undefined;
  try {
    fromExtension = await sources.pythonExtension();
  } catch {
    fromExtension = undefined; // an extension that throws is treated as absent; PATH still works
  }
  if (fromExtension !== undefined && fromExtension.length > 0 && fromExtension[0] !== '') {
    return { command: fromExtension, source: 'python-extension' };
  }
  const lookup = sources.which ?? ((name: string) => which(name));
  for (const name of ['python3', 'python']) {
    const found = lookup(name);
    if (found !== undefined) {
      return { command: [found], source: 'path' };
    }
  }
  return undefined;
}

/** `${workspaceFolder}`, `${userHome}`, `${env:NAME}` and a leading `~` expanded in `part`;
 * an unknown variable is left as written so the error message shows it. */
export function expandVariables(part: string, variables: Readonly<Record<string, string>>): string {
  let text = part.trim();
  if (text === '~' || text.startsWith('~/')) {
    text = os.homedir() + text.slice(1);
  }
  return text.replace(/\$\{([^}]+)\}/g, (whole, name: string) => {
    if (name.startsWith('env:')) {
      return process.env[name.slice(4)] ?? '';
    }
    if (name === 'userHome') {
      return os.homedir();
    }
    return variables[name] ?? whole;
  });
}

/** The first executable `name` on `searchPath` (default `process.env.PATH`). */
export function which(name: string, searchPath: string | undefined = process.env.PATH): string | undefined {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (dir === '') {
      continue;
    }
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) {
        return candidate;
      }
    } catch {
      // not there or not executable: keep looking
    }
  }
  return undefined;
}

/** What running `python -c "import docref"` said. */
export type Probe =
  | { ok: true; version: string }
  | { ok: false; reason: 'not-installed' | 'not-runnable'; detail: string };

/**
 * Whether `module` imports under `interpreter`, and its `__version__`.  `not-runnable`: the
 * command could not be started or did not answer in `timeoutMs`; `not-installed`: it ran
 * and the import failed.
 */
export function probeModule(
  interpreter: readonly string[],
  module = 'docref',
  timeoutMs = 20000,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Probe> {
  const code = `import importlib, sys\nm = importlib.import_module(${JSON.stringify(module)})\nsys.stdout.write(str(getattr(m, "__version__", "unknown")))`;
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (probe: Probe): void => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(probe);
      }
    };
    let child;
    try {
      child = spawn(interpreter[0], [...interpreter.slice(1), '-c', code], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      resolve({ ok: false, reason: 'not-runnable', detail: `${interpreter.join(' ')}: ${String(error)}` });
      return;
    }
    const timer = setTimeout(() => {
      child.kill();
      finish({ ok: false, reason: 'not-runnable', detail: `${interpreter.join(' ')} did not answer within ${timeoutMs} ms` });
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => finish({ ok: false, reason: 'not-runnable', detail: `${interpreter.join(' ')}: ${error.message}` }));
    child.on('close', (code) => {
      if (code === 0) {
        finish({ ok: true, version: stdout.trim() });
      } else if (/ModuleNotFoundError|No module named/.test(stderr)) {
        finish({ ok: false, reason: 'not-installed', detail: lastLine(stderr) });
      } else {
        finish({ ok: false, reason: 'not-runnable', detail: `${interpreter.join(' ')} exited with ${String(code)}: ${lastLine(stderr)}` });
      }
    });
  });
}

function lastLine(text: string): string {
  const lines = text.trim().split(/\r?\n/);
  return lines[lines.length - 1] ?? '';
}

/** The pip command that installs docref under `interpreter`: from PyPI, or editable from a
 * local checkout. */
export function installCommand(interpreter: readonly string[], from: { pypi: true } | { checkout: string }): string[] {
  const target = 'checkout' in from ? ['-e', from.checkout] : ['docref'];
  return [...interpreter, '-m', 'pip', 'install', ...target];
}

/** The command line of the language server under `interpreter`. */
export function serverCommand(interpreter: readonly string[]): { command: string; args: string[] } {
  return { command: interpreter[0], args: [...interpreter.slice(1), '-m', 'docref', 'serve'] };
}

/** Whether `dir` is a docref source checkout (a pyproject naming the `docref` project). */
export function isDocrefCheckout(dir: string): boolean {
  try {
    const text = fs.readFileSync(path.join(dir, 'pyproject.toml'), 'utf8');
    return /^\s*name\s*=\s*["']docref["']/m.test(text);
  } catch {
    return false;
  }
}
