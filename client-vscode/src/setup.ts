// The user-facing steps before the server can start: installing docref when the interpreter
// lacks it, and consent before the first request to an endpoint off this machine.

import { spawn } from 'node:child_process';
import * as vscode from 'vscode';
import { consentKey, Endpoint, endpointOf } from './endpoint';
import { installCommand, Interpreter, isDocrefCheckout, Probe } from './interpreter';
import { pythonExtensionInstalled } from './python';

export const API_KEY_SECRET = 'docref.apiKey';

/** Run `command` with its output in `log`; resolves to the exit code (-1: could not start). */
function runLogged(command: string[], log: vscode.LogOutputChannel): Promise<number> {
  log.info(`$ ${command.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    const forward = (chunk: Buffer): void => {
      for (const line of chunk.toString().split(/\r?\n/)) {
        if (line.trim() !== '') {
          log.info(line);
        }
      }
    };
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    child.on('error', (error) => {
      log.error(`could not run ${command[0]}: ${error.message}`);
      resolve(-1);
    });
    child.on('close', (code) => resolve(code ?? -1));
  });
}

/**
 * Tell the user docref cannot run under `interpreter` and offer the ways out: pip install
 * from PyPI or from a local checkout, another interpreter, the output.  `restart` is called
 * after a successful install.
 */
export async function offerInstall(interpreter: Interpreter, probe: Exclude<Probe, { ok: true }>, log: vscode.LogOutputChannel, restart: () => void): Promise<void> {
  const python = interpreter.command.join(' ');
  const install = 'Install docref';
  const checkout = 'Install from a Local Checkout…';
  const select = 'Select Interpreter';
  const output = 'Show Output';
  const message =
    probe.reason === 'not-installed'
      ? `docref is not installed for ${python} (found via ${interpreter.source}).`
      : `docref could not run ${python}: ${probe.detail}`;
  log.error(message);
  const choices = probe.reason === 'not-installed' ? [install, checkout, select, output] : [select, output];
  const choice = await vscode.window.showErrorMessage(message, ...choices);
  if (choice === install || choice === checkout) {
    const from = choice === install ? { pypi: true as const } : await pickCheckout();
    if (from === undefined) {
      return;
    }
    const code = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'docref: installing with pip…' },
      () => runLogged(installCommand(interpreter.command, from), log),
    );
    if (code === 0) {
      void vscode.window.showInformationMessage('docref installed; starting the server.');
      restart();
    } else {
      const again = await vscode.window.showErrorMessage(`pip install failed (exit ${code}). The output has pip's message.`, output);
      if (again === output) {
        log.show();
      }
    }
  } else if (choice === select) {
    if (pythonExtensionInstalled()) {
      await vscode.commands.executeCommand('python.setInterpreter');
    } else {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'docref.interpreter');
    }
  } else if (choice === output) {
    log.show();
  }
}

/** The interpreter cannot run docref at all (too old, broken): say why, offer another. */
export async function offerOtherInterpreter(message: string, log: vscode.LogOutputChannel): Promise<void> {
  log.error(message);
  const select = 'Select Interpreter';
  const output = 'Show Output';
  const choice = await vscode.window.showErrorMessage(message, select, output);
  if (choice === select) {
    if (pythonExtensionInstalled()) {
      await vscode.commands.executeCommand('python.setInterpreter');
    } else {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'docref.interpreter');
    }
  } else if (choice === output) {
    log.show();
  }
}

async function pickCheckout(): Promise<{ checkout: string } | undefined> {
  const found = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath).filter(isDocrefCheckout);
  const browse = 'Browse…';
  let dir: string | undefined;
  if (found.length > 0) {
    dir = await vscode.window.showQuickPick([...found, browse], { title: 'docref checkout to install (pip install -e)' });
  }
  if (dir === undefined || dir === browse) {
    const picked = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, openLabel: 'Install docref from here' });
    dir = picked?.[0]?.fsPath;
  }
  if (dir === undefined) {
    return undefined;
  }
  if (!isDocrefCheckout(dir)) {
    void vscode.window.showErrorMessage(`${dir} has no pyproject.toml for the docref project.`);
    return undefined;
  }
  return { checkout: dir };
}

/** The remote endpoints the workspace's settings would send code to (one per label). */
export function remoteEndpoints(): { endpoint: Endpoint; model: string }[] {
  const scopes: (vscode.Uri | undefined)[] = vscode.workspace.workspaceFolders?.map((f) => f.uri) ?? [undefined];
  const found = new Map<string, { endpoint: Endpoint; model: string }>();
  for (const scope of scopes) {
    const config = vscode.workspace.getConfiguration('docref', scope);
    if (config.get<boolean>('localOnly') === true) {
      continue; // the server refuses such endpoints anyway: nothing to consent to
    }
    const model = config.get<string>('model') ?? '';
    const endpoint = endpointOf(model, config.get<string>('apiBase'));
    if (endpoint?.remote) {
      found.set(endpoint.label, { endpoint, model });
    }
  }
  return [...found.values()];
}

/**
 * Ask once per workspace and endpoint before code is sent off this machine.  Returns whether
 * every remote endpoint is allowed; `false` means the server must run with `local_only`.
 */
export async function ensureConsent(state: vscode.Memento, log: vscode.LogOutputChannel): Promise<boolean> {
  let allowed = true;
  for (const { endpoint, model } of remoteEndpoints()) {
    const key = consentKey(endpoint);
    let answer = state.get<string>(key);
    if (answer === undefined) {
      const allow = 'Allow';
      const local = 'Local Models Only';
      const choice = await vscode.window.showWarningMessage(
        `docref would send docstrings and code of this workspace to ${endpoint.label} (model ${model}).`,
        { modal: true, detail: 'Asked once per workspace. "Local Models Only" keeps every request on this machine; change it with the docref.localOnly setting.' },
        // the safe answer first: it is the one Enter picks
        local,
        allow,
      );
      if (choice !== undefined) {
        answer = choice === allow ? 'allow' : 'refuse';
        await state.update(key, answer);
      }
    }
    if (answer !== 'allow') {
      log.warn(`no consent for ${endpoint.label}: the server runs with local_only`);
      allowed = false;
    }
  }
  return allowed;
}

/** The environment of the server process: ours, plus the stored API key under its variable
 * name (`keyVariable`; `undefined` when no key is stored). */
export async function serverEnvironment(secrets: vscode.SecretStorage): Promise<{ env: NodeJS.ProcessEnv; keyVariable?: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  const key = await secrets.get(API_KEY_SECRET);
  const name = vscode.workspace.getConfiguration('docref').get<string>('apiKeyEnvVar') ?? 'OPENAI_API_KEY';
  if (key !== undefined && key !== '' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    env[name] = key;
    return { env, keyVariable: name };
  }
  return { env };
}

/** "docref: Set API Key": store (or, given an empty value, delete) the key. */
export async function setApiKey(secrets: vscode.SecretStorage): Promise<boolean> {
  const name = vscode.workspace.getConfiguration('docref').get<string>('apiKeyEnvVar') ?? 'OPENAI_API_KEY';
  const value = await vscode.window.showInputBox({
    title: 'docref: API key',
    prompt: `Stored in VS Code's secret storage and given to the docref server as ${name}. Leave empty to delete the stored key.`,
    password: true,
    ignoreFocusOut: true,
  });
  if (value === undefined) {
    return false;
  }
  if (value.trim() === '') {
    await secrets.delete(API_KEY_SECRET);
    void vscode.window.showInformationMessage('docref: API key deleted.');
  } else {
    await secrets.store(API_KEY_SECRET, value.trim());
    void vscode.window.showInformationMessage(`docref: API key stored; the server gets it as ${name}.`);
  }
  return true;
}
