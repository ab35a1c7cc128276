// Smoke test: the real docref server, started with the command line the extension builds,
// over stdio, configured with settings mapped by toServerSettings (initializationOptions and
// workspace/configuration).  The server rejects a whole settings object with one bad key, so
// a mapping bug shows up here as a warning.  Needs docref importable by $DOCREF_PYTHON or
// python3 on PATH (in CI: the .ci-venv).

import * as assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { probeModule, serverCommand, which } from '../../src/interpreter';
import { toServerSettings } from '../../src/settings';
import { parseStatus } from '../../src/status';

interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
  code?: string;
  source?: string;
}

function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'examples', 'shop', 'pyproject.toml'))) {
    const up = path.dirname(dir);
    if (up === dir) {
      throw new Error('examples/shop not found above the test');
    }
    dir = up;
  }
  return dir;
}

function eventually<T>(what: string, probe: () => T | undefined, timeoutMs = 60000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = (): void => {
      const value = probe();
      if (value !== undefined) {
        resolve(value);
      } else if (Date.now() - started > timeoutMs) {
        reject(new Error(`timed out waiting for ${what}`));
      } else {
        setTimeout(tick, 50);
      }
    };
    tick();
  });
}

describe('docref serve (real server over stdio)', function () {
  this.timeout(120000);
  let child: ChildProcess;
  let connection: MessageConnection;
  let workspace: string;
  const messages: { type: number; message: string }[] = [];
  const diagnostics = new Map<string, Diagnostic[]>();
  const statuses: unknown[] = [];
  const configurationAsked: unknown[] = [];
  const mapped = toServerSettings({
    run: 'onSave',
    criteria: ['C1', 'C2', 'C3', 'C4'],
    severity: { C1: 'error' },
    maxConcurrency: 2,
    contextTokens: 1500,
    localOnly: true,
    apiKeyEnvVar: 'DOCREF_SMOKE_KEY',
    interpreter: ['ignored'],
    'trace.server': 'off',
  });

  before(async () => {
    const python = process.env.DOCREF_PYTHON ?? which('python3') ?? which('python');
    assert.ok(python, 'no python3 on PATH');
    const probe = await probeModule([python]);
    assert.ok(probe.ok, `docref is not importable by ${python}: ${probe.ok ? '' : probe.detail} (pip install -e <repo>)`);
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'docref-smoke-'));
    fs.cpSync(path.join(repoRoot(), 'examples', 'shop'), workspace, { recursive: true });
    const { command, args } = serverCommand([python]);
    child = spawn(command, args, { cwd: workspace, env: { ...process.env, DOCREF_CACHE_DIR: path.join(workspace, '.cache-docref') }, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr!.on('data', () => undefined);
    connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.onNotification('window/showMessage', (p: { type: number; message: string }) => {
      messages.push(p);
    });
    connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diagnostic[] }) => {
      diagnostics.set(p.uri, p.diagnostics);
    });
    connection.onNotification('docref/status', (p: unknown) => {
      statuses.push(p);
    });
    connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => {
      configurationAsked.push(p);
      return p.items.map(() => mapped.settings);
    });
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.listen();
  });

  after(async () => {
    if (connection !== undefined) {
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      connection.dispose();
    }
    child?.kill();
    if (workspace !== undefined) {
      fs.rmSync(workspace, { recursive: true, force: true, maxRetries: 3 });
    }
  });

  it('maps the settings without a warning', () => {
    assert.deepEqual(mapped.warnings, []);
    assert.equal('interpreter' in mapped.settings, false);
  });

  it('initializes with the mapped initializationOptions and offers the commands the client calls', async () => {
    const root = pathToFileURL(workspace).toString();
    const result = await connection.sendRequest<{ capabilities: { executeCommandProvider?: { commands: string[] }; hoverProvider?: unknown } }>('initialize', {
      processId: process.pid,
      rootUri: root,
      workspaceFolders: [{ uri: root, name: 'shop' }],
      initializationOptions: mapped.settings,
      capabilities: {
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, didChangeWatchedFiles: { dynamicRegistration: true } },
        window: { workDoneProgress: true },
        textDocument: { publishDiagnostics: {}, hover: { contentFormat: ['markdown', 'plaintext'] } },
      },
    });
    assert.ok(result.capabilities.executeCommandProvider?.commands.includes('docref.checkFile'));
    assert.ok(result.capabilities.hoverProvider);
    await connection.sendNotification('initialized', {});
  });

  it('publishes the planted static findings of shop/cart.py, hovers them, and accepts the settings', async () => {
    const file = path.join(workspace, 'shop', 'cart.py');
    const uri = pathToFileURL(file).toString();
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version: 1, text: fs.readFileSync(file, 'utf8') } });
    const found = await eventually('diagnostics for cart.py', () => {
      const d = diagnostics.get(uri);
      return d !== undefined && d.length > 0 ? d : undefined;
    });
    const codes = new Set(found.map((d) => d.code));
    // the code is the rule id (the criterion heads the message and is in data)
    for (const code of ['C1-PARAM-UNKNOWN', 'C1-XREF-UNRESOLVED', 'C2-RETURN-TYPE', 'C3-RAISES']) {
      assert.ok(codes.has(code), `codes: ${[...codes].join(', ')}`);
    }
    assert.ok(found.every((d) => /^C[1-4] /.test(d.message)), found.map((d) => d.message).join('\n'));
    const unknownParam = found.find((d) => d.message.includes('count'));
    assert.ok(unknownParam, found.map((d) => d.message).join('\n'));
    assert.equal(unknownParam.source, 'docref');

    const hover = await connection.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: unknownParam.range.start });
    assert.ok(hover?.contents.value.includes('count'), JSON.stringify(hover));

    const checked = await connection.sendRequest<{ checked: boolean; findings: number }>('workspace/executeCommand', { command: 'docref.checkFile', arguments: [uri] });
    assert.equal(checked.checked, true);
    assert.equal(checked.findings, found.length);

    const idle = await eventually('an idle docref/status', () => statuses.map(parseStatus).find((s) => s?.state === 'idle'));
    // the real server's model-tier fields parse: no warning, no endpoint asked (no model here)
    assert.equal(idle.warning, null);
    assert.deepEqual(idle.endpoints, {});
    assert.ok(configurationAsked.length > 0, 'the server never pulled workspace/configuration');
    const warnings = messages.filter((m) => m.type <= 2).map((m) => m.message);
    assert.deepEqual(warnings, [], 'the server warned about the settings the client sent');
  });
});
