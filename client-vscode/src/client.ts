// The language client's lifecycle: find the interpreter, check docref is there, ask consent,
// start `python -m docref serve`, and restart (coalesced) when the setup changes.

import * as vscode from 'vscode';
import { ConfigurationParams, ConfigurationRequest, DidChangeConfigurationNotification, ExecuteCommandRequest, LanguageClient, LanguageClientOptions, ServerOptions, State } from 'vscode-languageclient/node';
import { Bundle, bundledServerCommand, findBundle, llmEnvironment, llmFolder, probeBundle } from './bundled';
import { Coalescer } from './coalesce';
import { discoverInterpreter, Interpreter, probeModule, serverCommand } from './interpreter';
import { isMissingLlmExtra, offerLlmExtra } from './llmExtra';
import { pythonExtensionInterpreter } from './python';
import { CLIENT_KEYS, explicitValue, Overrides, toServerSettings } from './settings';
import { ensureConsent, offerInstall, offerOtherInterpreter, serverEnvironment } from './setup';
import { FolderStatus, INITIAL_PROCESS_STATE, parseStatus, ProcessState, statusView, stoppingState } from './status';

const STATUS_NOTIFICATION = 'docref/status';

/** The explicitly set `docref.*` settings for `scope`, mapped for the server. */
export function serverSettings(scope: vscode.Uri | undefined, overrides: Overrides, log?: vscode.LogOutputChannel): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration('docref', scope);
  const explicit: Record<string, unknown> = {};
  for (const key of CLIENT_KEYS) {
    explicit[key] = explicitValue(config.inspect(key));
  }
  const { settings, warnings } = toServerSettings(explicit, overrides);
  for (const warning of warnings) {
    log?.warn(warning);
  }
  return settings;
}

export class ServerManager implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private processState: ProcessState = INITIAL_PROCESS_STATE;
  private readonly statuses = new Map<string, FolderStatus>();
  private readonly restarts: Coalescer;
  private overrides: Overrides = {};
  /** Set while the server runs from the bundle: what installing the model extra needs. */
  private bundled: { interpreter: readonly string[]; bundle: Bundle; llmFolder: string } | undefined;
  private llmOffered = false;

  constructor(
    private readonly context: vscode.ExtensionContext,
    readonly log: vscode.LogOutputChannel,
    private readonly item: vscode.StatusBarItem,
  ) {
    this.restarts = new Coalescer(() => this.restartNow());
    this.render();
  }

  /** The running client, or `undefined` (with a message to the user) when there is none. */
  running(): LanguageClient | undefined {
    if (this.client?.state === State.Running) {
      return this.client;
    }
    void vscode.window.showWarningMessage('The docref server is not running.', 'Show Output').then((c) => c && this.log.show());
    return undefined;
  }

  /** Ask for a restart; bursts of requests become one. */
  restart(): Promise<void> {
    return this.restarts.request();
  }

  /** Tell the server the settings changed; it pulls them again per folder. */
  settingsChanged(): void {
    if (this.client?.state === State.Running) {
      void this.client.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    }
  }

  /** Run one of the server's `workspace/executeCommand` commands; `undefined` when the server
   * is not running or does not offer `command` (the user is told which). */
  async execute<T>(command: string, args: unknown[]): Promise<T | undefined> {
    const client = this.running();
    if (client === undefined) {
      return undefined;
    }
    const offered = client.initializeResult?.capabilities.executeCommandProvider?.commands ?? [];
    if (!offered.includes(command)) {
      void vscode.window.showErrorMessage(`This docref server does not offer ${command}; update docref in the selected interpreter.`);
      return undefined;
    }
    return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args }) as Promise<T>;
  }

  private async restartNow(): Promise<void> {
    await this.stop(true);
    await this.start();
  }

  /** Forget the statuses of workspace folders that were removed (the server drops them). */
  foldersRemoved(paths: readonly string[]): void {
    for (const path of paths) {
      this.statuses.delete(path);
    }
    this.render();
  }

  private async stop(restarting = false): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.statuses.clear();
    if (client !== undefined) {
      try {
        await client.stop(3000);
      } catch (error) {
        this.log.warn(`stopping the server: ${String(error)}`);
      }
      await client.dispose().catch(() => undefined);
    }
    this.setState(stoppingState(restarting));
  }

  private async start(): Promise<void> {
    this.setState('starting');
    const folder = vscode.workspace.workspaceFolders?.[0];
    const interpreter = await discoverInterpreter({
      setting: vscode.workspace.getConfiguration('docref', folder?.uri).get<string[]>('interpreter') ?? [],
      pythonExtension: () => pythonExtensionInterpreter(folder?.uri),
      variables: { workspaceFolder: folder?.uri.fsPath ?? '' },
    });
    if (interpreter === undefined) {
      this.setState('notInstalled');
      this.log.error('no Python found: set docref.interpreter, select one with the Python extension, or put python3 on PATH');
      void vscode.window.showErrorMessage('docref: no Python interpreter found. Set "docref.interpreter" or install the Python extension.', 'Open Settings').then((c) => {
        if (c) {
          void vscode.commands.executeCommand('workbench.action.openSettings', 'docref.interpreter');
        }
      });
      return;
    }
    this.log.info(`interpreter: ${interpreter.command.join(' ')} (from ${interpreter.source})`);
    const { env, keyVariable } = await serverEnvironment(this.context.secrets);
    const strategy = vscode.workspace.getConfiguration('docref', folder?.uri).get<string>('importStrategy') ?? 'useBundled';
    const bundle = strategy === 'useBundled' ? findBundle(this.context.extensionPath) : undefined;
    const server = bundle !== undefined ? await this.fromBundle(interpreter, bundle, env) : await this.fromEnvironment(interpreter, env);
    if (server === undefined) {
      return;
    }
    const consented = await ensureConsent(this.context.workspaceState, this.log);
    this.overrides = { localOnly: consented ? undefined : true, apiKeyEnv: keyVariable };

    const { command, args } = server;
    // no `transport`: with TransportKind.stdio the client appends `--stdio`, which `docref serve`
    // rejects; an Executable without one talks over stdin/stdout as it is
    const serverOptions: ServerOptions = { command, args, options: { env, cwd: folder?.uri.fsPath } };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: 'python' },
        { scheme: 'file', language: 'java' },
      ],
      outputChannel: this.log,
      traceOutputChannel: this.log,
      diagnosticCollectionName: 'docref',
      initializationOptions: serverSettings(undefined, this.overrides, this.log),
      middleware: {
        workspace: {
          configuration: (params: ConfigurationParams, token, next) => this.configuration(params, token, next),
        },
      },
    };
    const client = new LanguageClient('docref', 'docref', serverOptions, clientOptions);
    client.onDidChangeState((event) => {
      if (this.client !== client) {
        return;
      }
      if (event.newState === State.Running) {
        this.setState('running');
      } else if (event.newState === State.Stopped) {
        this.setState('failed');
      }
    });
    client.onNotification(STATUS_NOTIFICATION, (params: unknown) => {
      const status = parseStatus(params);
      if (status !== undefined && this.client === client) {
        this.statuses.set(status.folder, status);
        this.render();
        this.maybeOfferLlmExtra(status);
      }
    });
    this.client = client;
    try {
      await client.start();
      this.setState('running');
    } catch (error) {
      this.setState('failed');
      this.log.error(`the docref server did not start: ${String(error)}`);
    }
  }

  /** The bundled docref under `interpreter` (checked with the launcher's probe), with the
   * model extra's private folder on its path when it was installed. */
  private async fromBundle(interpreter: Interpreter, bundle: Bundle, env: NodeJS.ProcessEnv): Promise<{ command: string; args: string[] } | undefined> {
    const probe = await probeBundle(interpreter.command, bundle, env);
    if (!probe.ok) {
      this.setState('failed');
      const message =
        probe.reason === 'old-python'
          ? `docref needs Python 3.11 or later: ${probe.detail}`
          : `docref could not run with ${interpreter.command.join(' ')}: ${probe.detail}`;
      void offerOtherInterpreter(message, this.log);
      return undefined;
    }
    const storage = this.context.globalStorageUri.fsPath;
    const folder = llmFolder(storage, probe.info.tag);
    Object.assign(env, llmEnvironment(folder));
    this.bundled = { interpreter: interpreter.command, bundle, llmFolder: folder };
    this.log.info(`docref ${probe.info.docref} (bundled) on Python ${probe.info.python}; model extra ${env.DOCREF_LLM_LIBS ? `in ${folder}` : probe.info.llm ? 'in the interpreter' : 'not installed'}`);
    return bundledServerCommand(interpreter.command, bundle);
  }

  /** docref as installed in `interpreter` itself (`docref.importStrategy: fromEnvironment`,
   * or a build without a bundle). */
  private async fromEnvironment(interpreter: Interpreter, env: NodeJS.ProcessEnv): Promise<{ command: string; args: string[] } | undefined> {
    this.bundled = undefined;
    const probe = await probeModule(interpreter.command, 'docref', 20000, env);
    if (!probe.ok) {
      this.setState(probe.reason === 'not-installed' ? 'notInstalled' : 'failed');
      void offerInstall(interpreter, probe, this.log, () => void this.restart());
      return undefined;
    }
    this.log.info(`docref ${probe.version}`);
    return serverCommand(interpreter.command);
  }

  /** The bundled server says the model extra is missing: offer it, once per session. */
  private maybeOfferLlmExtra(status: FolderStatus): void {
    const bundled = this.bundled;
    if (bundled === undefined || this.llmOffered || status.state !== 'modelUnreachable' || !isMissingLlmExtra(status.message)) {
      return;
    }
    this.llmOffered = true;
    void offerLlmExtra(bundled.interpreter, bundled.bundle, bundled.llmFolder, this.log, () => void this.restart());
  }

  private async configuration(
    params: ConfigurationParams,
    token: vscode.CancellationToken,
    next: ConfigurationRequest.HandlerSignature,
  ): Promise<unknown[]> {
    const answer = await next(params, token);
    const values: unknown[] = Array.isArray(answer) ? [...(answer as unknown[])] : params.items.map(() => null);
    params.items.forEach((item, index) => {
      if (item.section === 'docref') {
        const scope = item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined;
        values[index] = serverSettings(scope, this.overrides, this.log);
      }
    });
    return values;
  }

  private setState(state: ProcessState): void {
    this.processState = state;
    this.render();
  }

  private render(): void {
    const view = statusView(this.processState, [...this.statuses.values()]);
    this.item.text = view.text;
    this.item.tooltip = view.tooltip;
    this.item.command = view.command;
    this.item.backgroundColor = view.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }

  async dispose(): Promise<void> {
    await this.stop();
  }
}
