// The palette commands.  Commands the server offers (docref.checkFile, …) are registered by
// the language client under their own ids; these use distinct ids so the two never clash, and
// reach the server through `workspace/executeCommand`.

import * as vscode from 'vscode';
import { CodeAction as ProtocolCodeAction, CodeActionRequest, CodeActionResolveRequest } from 'vscode-languageclient/node';
import { ServerManager } from './client';
import { formatScore } from './score';
import { setApiKey } from './setup';
import { CONFIGURE_MODEL } from './status';

/** The title prefix of the server's quick fix that rewrites a docstring sentence. */
export const FIX_TITLE = 'Fix this docstring';

function activeDocument(): vscode.TextEditor | undefined {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || !['python', 'java'].includes(editor.document.languageId)) {
    void vscode.window.showInformationMessage('docref: open a Python or Java file first.');
    return undefined;
  }
  return editor;
}

async function checkFile(manager: ServerManager): Promise<void> {
  const editor = activeDocument();
  if (editor === undefined) {
    return;
  }
  const uri = editor.document.uri.toString();
  const answer = await manager.execute<{ checked?: boolean; findings?: number; reason?: string }>('docref.checkFile', [uri]);
  if (answer === undefined) {
    return;
  }
  if (answer.checked === false) {
    void vscode.window.showWarningMessage(`docref: not checked (${answer.reason ?? 'unknown reason'}).`);
  } else {
    vscode.window.setStatusBarMessage(`docref: ${answer.findings ?? 0} finding(s) in ${vscode.workspace.asRelativePath(editor.document.uri)}`, 8000);
  }
}

async function checkWorkspace(manager: ServerManager): Promise<void> {
  // the server reports progress (and takes cancellation) through $/progress
  const answer = await manager.execute<{ files?: number; findings?: number; calls?: number; cancelled?: boolean }>('docref.checkWorkspace', []);
  if (answer === undefined) {
    return;
  }
  const calls = answer.calls ? `, ${answer.calls} model call(s)` : '';
  const what = `${answer.findings ?? 0} finding(s) in ${answer.files ?? 0} file(s)${calls}`;
  void vscode.window.showInformationMessage(answer.cancelled ? `docref: cancelled; ${what} so far.` : `docref: ${what}.`);
}

async function showScore(manager: ServerManager): Promise<void> {
  const editor = activeDocument();
  if (editor === undefined) {
    return;
  }
  const { line, character } = editor.selection.active;
  const answer = await manager.execute<unknown>('docref.showScore', [editor.document.uri.toString(), { line, character }]);
  const text = formatScore(answer);
  void vscode.window.showInformationMessage(text ?? 'docref: no documented function at the cursor.');
}

async function clearCache(manager: ServerManager): Promise<void> {
  const answer = await manager.execute<{ cleared?: unknown[] }>('docref.clearCache', []);
  if (answer !== undefined) {
    void vscode.window.showInformationMessage(`docref: caches cleared (${answer.cleared?.length ?? 0}); open files are checked again.`);
  }
}

/** "Fix Docstring at Cursor": ask the server for the code actions at the cursor (with the
 * docref diagnostics there), resolve only the "Fix this docstring" one, apply it. */
async function fixAtCursor(manager: ServerManager): Promise<void> {
  const editor = activeDocument();
  const client = manager.running();
  if (editor === undefined || client === undefined) {
    return;
  }
  const position = editor.selection.active;
  const here = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'docref' && d.range.contains(position));
  const range = here[0]?.range ?? new vscode.Range(position, position);
  const converter = client.code2ProtocolConverter;
  const params = {
    textDocument: converter.asTextDocumentIdentifier(editor.document),
    range: converter.asRange(range),
    context: converter.asCodeActionContextSync({ diagnostics: here, only: vscode.CodeActionKind.QuickFix, triggerKind: vscode.CodeActionTriggerKind.Invoke }),
  };
  const actions = (await client.sendRequest(CodeActionRequest.type, params)) ?? [];
  manager.log.info(`fix at cursor: ${here.length} docref diagnostic(s) there, actions: ${actions.map((a) => a.title).join('; ') || 'none'}`);
  // not CodeAction.is(): it wants an edit or a command, and a lazily resolved action has
  // neither yet; a bare Command is the other shape, with a string `command`
  let fix = actions.find((a): a is ProtocolCodeAction => typeof a.command !== 'string' && a.title.startsWith(FIX_TITLE));
  if (fix === undefined) {
    void vscode.window.showInformationMessage('docref: no fix at the cursor. Put the cursor on a flagged docstring sentence.');
    return;
  }
  if (fix.edit === undefined && client.initializeResult?.capabilities.codeActionProvider) {
    fix = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'docref: writing a fix…', cancellable: true }, (_p, token) =>
      client.sendRequest(CodeActionResolveRequest.type, fix as ProtocolCodeAction, token),
    );
  }
  const action = await client.protocol2CodeConverter.asCodeAction(fix);
  manager.log.info(`fix at cursor: ${action.edit ? `${action.edit.size} file(s) edited` : 'no edit'}${action.command ? `, command ${action.command.command}` : ''}`);
  if (action.edit !== undefined && !(await vscode.workspace.applyEdit(action.edit))) {
    void vscode.window.showErrorMessage('docref: the fix could not be applied (the file changed?).');
    return;
  }
  if (action.command !== undefined) {
    await vscode.commands.executeCommand(action.command.command, ...((action.command.arguments ?? []) as unknown[]));
  }
  if (action.edit === undefined && action.command === undefined) {
    void vscode.window.showInformationMessage('docref: the server proposed no change for this sentence.');
  }
}

/** Register every palette command. */
export function registerCommands(context: vscode.ExtensionContext, manager: ServerManager): void {
  const register = (id: string, run: () => Promise<unknown>): void => {
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async () => {
        try {
          await run();
        } catch (error) {
          manager.log.error(`${id}: ${String(error)}`);
          void vscode.window.showErrorMessage(`docref: ${String(error instanceof Error ? error.message : error)}`);
        }
      }),
    );
  };
  register('docref.action.checkFile', () => checkFile(manager));
  register('docref.action.checkWorkspace', () => checkWorkspace(manager));
  register('docref.action.showScore', () => showScore(manager));
  register('docref.action.fixAtCursor', () => fixAtCursor(manager));
  register('docref.action.clearCache', () => clearCache(manager));
  register('docref.restart', () => manager.restart());
  register('docref.showOutput', () => Promise.resolve(manager.log.show()));
  // the status bar's click while no model is set (static tier only)
  register(CONFIGURE_MODEL, () => Promise.resolve(vscode.commands.executeCommand('workbench.action.openSettings', 'docref.model')));
  register('docref.setApiKey', async () => {
    if (await setApiKey(context.secrets)) {
      await manager.restart(); // the key lives in the process environment
    }
  });
}
