// The model extra (litellm) for the bundled server: when a model is configured and the server
// says litellm is missing, offer to install it into a folder this extension owns (its global
// storage, per interpreter tag), never into the user's project environment; with progress,
// cancellable, then restart the server.

import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { Bundle, llmInstallCommand } from './bundled';

/** Whether a server status message is the server's "litellm is missing" (see the Python
 * package's docref.llm.extra). */
export function isMissingLlmExtra(message: string | null | undefined): boolean {
  return typeof message === 'string' && message.includes("docref[llm]");
}

/** Install the `llm` extra's requirements into `folder` (via a temporary folder, so a
 * cancelled or failed install leaves nothing half-done); resolves to whether it worked. */
async function install(interpreter: readonly string[], bundle: Bundle, folder: string, log: vscode.LogOutputChannel): Promise<boolean> {
  const partial = `${folder}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  const command = llmInstallCommand(interpreter, bundle, partial);
  log.info(`$ ${command.join(' ')}`);
  const code = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'docref: installing model support (litellm)', cancellable: true },
    (progress, token) =>
      new Promise<number>((resolve) => {
        const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
        token.onCancellationRequested(() => child.kill());
        const forward = (chunk: Buffer): void => {
          for (const line of chunk.toString().split(/\r?\n/)) {
            if (line.trim() !== '') {
              log.info(line);
              const step = /^(Collecting|Downloading|Installing collected packages|Successfully installed)\b.{0,80}/.exec(line.trim());
              if (step) {
                progress.report({ message: step[0] });
              }
            }
          }
        };
        child.stdout.on('data', forward);
        child.stderr.on('data', forward);
        child.on('error', (error) => {
          log.error(`could not run ${command[0]}: ${error.message}`);
          resolve(-1);
        });
        child.on('close', (exit) => resolve(token.isCancellationRequested ? -2 : (exit ?? -1)));
      }),
  );
  if (code !== 0) {
    fs.rmSync(partial, { recursive: true, force: true });
    return false;
  }
  fs.rmSync(folder, { recursive: true, force: true });
  fs.renameSync(partial, folder);
  fs.writeFileSync(`${folder}/.complete`, `${new Date().toISOString()}\n`);
  return true;
}

/**
 * Offer the model extra once per session: "Install" puts it into `folder` with the user's
 * `interpreter` and calls `restart`.
 */
export async function offerLlmExtra(interpreter: readonly string[], bundle: Bundle, folder: string, log: vscode.LogOutputChannel, restart: () => void): Promise<void> {
  const installNow = 'Install Model Support';
  const output = 'Show Output';
  const choice = await vscode.window.showWarningMessage(
    'docref: a model is configured, but the model tier needs litellm (about 300 MB), which the extension does not ship. Install it for docref only (not into your project environment)?',
    installNow,
    output,
  );
  if (choice === output) {
    log.show();
    return;
  }
  if (choice !== installNow) {
    return;
  }
  if (await install(interpreter, bundle, folder, log)) {
    void vscode.window.showInformationMessage('docref: model support installed; restarting the server.');
    restart();
  } else {
    const again = await vscode.window.showErrorMessage('docref: installing model support failed or was cancelled; the output has pip\'s messages.', output);
    if (again === output) {
      log.show();
    }
  }
}
