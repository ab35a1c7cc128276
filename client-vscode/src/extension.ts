// Entry point: the output channel, the status bar item, the commands, and the events that
// restart the server or hand it new settings.

import * as vscode from 'vscode';
import { ServerManager } from './client';
import { registerCommands } from './commands';
import { onPythonInterpreterChanged } from './python';
import { needsRestart } from './settings';

let manager: ServerManager | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('docref', { log: true });
  const item = vscode.window.createStatusBarItem('docref.status', vscode.StatusBarAlignment.Left, 50);
  item.name = 'docref';
  manager = new ServerManager(context, log, item);
  const server = manager;
  context.subscriptions.push(log, item, { dispose: () => void server.dispose() });
  registerCommands(context, server);

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('docref')) {
        return;
      }
      if (needsRestart((key) => event.affectsConfiguration(`docref.${key}`))) {
        log.info('settings changed: restarting the server');
        void server.restart();
      } else {
        server.settingsChanged();
      }
    }),
    // the language client tells the server (workspace/didChangeWorkspaceFolders): it indexes
    // an added folder and drops a removed one without a restart
    vscode.workspace.onDidChangeWorkspaceFolders((event) => server.foldersRemoved(event.removed.map((f) => f.uri.fsPath))),
    context.secrets.onDidChange((event) => {
      if (event.key === 'docref.apiKey') {
        void server.restart();
      }
    }),
    await onPythonInterpreterChanged(() => {
      if ((vscode.workspace.getConfiguration('docref').get<string[]>('interpreter') ?? []).length === 0) {
        log.info('the Python extension selected another interpreter: restarting the server');
        void server.restart();
      }
    }),
  );
  void server.restart(); // not awaited: a consent or install prompt must not hold up activation
}

export async function deactivate(): Promise<void> {
  await manager?.dispose();
  manager = undefined;
}
