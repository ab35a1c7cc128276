// The docref the .vsix carries (bundled/libs, made by scripts/bundle.mjs) and how it runs:
// the user's Python executes bundled/tool/launch.py, which puts the bundled libraries (and the
// private folder of the model extra, when installed) first on sys.path.  No `vscode` import:
// unit-tested with real processes.

import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The bundle inside the extension folder: its launcher and the `llm` extra's requirements. */
export interface Bundle {
  launcher: string;
  llmRequirements: string;
}

/** What `launch.py --probe` answered. */
export interface BundleInfo {
  python: string;
  /** `cpython-311-linux-x86_64`: compiled packages are installed per tag. */
  tag: string;
  docref: string;
  /** Whether litellm (the `llm` extra) is importable. */
  llm: boolean;
}

export type BundleProbe = { ok: true; info: BundleInfo } | { ok: false; reason: 'old-python' | 'not-runnable' | 'broken'; detail: string };

/** The bundle of the extension at `extensionPath`; `undefined` in a build without one (a
 * development build, or a .vsix packaged without `npm run package`). */
export function findBundle(extensionPath: string): Bundle | undefined {
  const root = path.join(extensionPath, 'bundled');
  const launcher = path.join(root, 'tool', 'launch.py');
  if (!fs.existsSync(launcher) || !fs.existsSync(path.join(root, 'libs', 'docref', '__init__.py'))) {
    return undefined;
  }
  return { launcher, llmRequirements: path.join(root, 'llm-requirements.txt') };
}

/** The server's command line: the interpreter running the launcher. */
export function bundledServerCommand(interpreter: readonly string[], bundle: Bundle): { command: string; args: string[] } {
  return { command: interpreter[0], args: [...interpreter.slice(1), bundle.launcher, 'serve'] };
}

/** The folder the `llm` extra goes into for the interpreter with `tag`, under `storage`. */
export function llmFolder(storage: string, tag: string): string {
  return path.join(storage, 'llm', tag);
}

/** `DOCREF_LLM_LIBS` for the server: the private folder, once an install has completed. */
export function llmEnvironment(folder: string): Record<string, string> {
  return fs.existsSync(path.join(folder, '.complete')) ? { DOCREF_LLM_LIBS: folder } : {};
}

/** Run the launcher's `--probe` under `interpreter`. */
export function probeBundle(interpreter: readonly string[], bundle: Bundle, env: NodeJS.ProcessEnv, timeoutMs = 30000): Promise<BundleProbe> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (probe: BundleProbe): void => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(probe);
      }
    };
    const who = interpreter.join(' ');
    let child;
    try {
      child = spawn(interpreter[0], [...interpreter.slice(1), bundle.launcher, '--probe'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      resolve({ ok: false, reason: 'not-runnable', detail: `${who}: ${String(error)}` });
      return;
    }
    const timer = setTimeout(() => {
      child.kill();
      finish({ ok: false, reason: 'not-runnable', detail: `${who} did not answer within ${timeoutMs} ms` });
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => finish({ ok: false, reason: 'not-runnable', detail: `${who}: ${error.message}` }));
    child.on('close', (code) => {
      const last = stderr.trim().split(/\r?\n/).pop() ?? '';
      if (code === 0) {
        try {
          finish({ ok: true, info: JSON.parse(stdout.trim().split(/\r?\n/).pop() ?? '') as BundleInfo });
        } catch {
          finish({ ok: false, reason: 'broken', detail: `unexpected probe output: ${stdout.slice(0, 200)}` });
        }
      } else if (code === 3 || /SyntaxError|needs Python 3\.11/.test(stderr)) {
        finish({ ok: false, reason: 'old-python', detail: `${who}: ${last}` });
      } else {
        finish({ ok: false, reason: 'broken', detail: `${who} exited with ${String(code)}: ${last}` });
      }
    });
  });
}

/** The pip command that installs the `llm` extra's requirements into `folder` with the
 * user's interpreter (its own environment stays untouched). */
export function llmInstallCommand(interpreter: readonly string[], bundle: Bundle, folder: string): string[] {
  return [...interpreter, '-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--progress-bar', 'off', '--target', folder, '-r', bundle.llmRequirements];
}
