import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { discoverInterpreter, expandVariables, installCommand, isDocrefCheckout, probeModule, serverCommand, which } from '../../src/interpreter';

const made: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docref-interp-'));
  made.push(dir);
  return dir;
}

after(() => {
  for (const dir of made) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function script(dir: string, name: string, body: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

const python = which('python3') ?? which('python');

describe('discoverInterpreter', () => {
  const never = (): Promise<string[] | undefined> => Promise.reject(new Error('must not be asked'));

  it('takes docref.interpreter first, with variables expanded', async () => {
    const found = await discoverInterpreter({ setting: ['${workspaceFolder}/.venv/bin/python', '-X', 'utf8'], pythonExtension: never, variables: { workspaceFolder: '/w' } });
    assert.deepEqual(found, { command: ['/w/.venv/bin/python', '-X', 'utf8'], source: 'setting' });
  });

  it('then the Python extension', async () => {
    const found = await discoverInterpreter({ setting: [], pythonExtension: () => Promise.resolve(['/envs/a/bin/python']), variables: {}, which: () => '/usr/bin/python3' });
    assert.deepEqual(found, { command: ['/envs/a/bin/python'], source: 'python-extension' });
  });

  it('then python3, then python on PATH', async () => {
    const none = (): Promise<undefined> => Promise.resolve(undefined);
    assert.deepEqual(await discoverInterpreter({ setting: [], pythonExtension: none, variables: {}, which: (n) => (n === 'python3' ? '/usr/bin/python3' : undefined) }), { command: ['/usr/bin/python3'], source: 'path' });
    assert.deepEqual(await discoverInterpreter({ setting: ['  '], pythonExtension: none, variables: {}, which: (n) => (n === 'python' ? '/opt/python' : undefined) }), { command: ['/opt/python'], source: 'path' });
  });

  it('falls through when the Python extension throws or has no interpreter', async () => {
    const found = await discoverInterpreter({ setting: [], pythonExtension: never, variables: {}, which: () => '/usr/bin/python3' });
    assert.equal(found?.source, 'path');
    const empty = await discoverInterpreter({ setting: [], pythonExtension: () => Promise.resolve(['']), variables: {}, which: () => '/usr/bin/python3' });
    assert.equal(empty?.source, 'path');
  });

  it('is undefined when there is no Python anywhere', async () => {
    assert.equal(await discoverInterpreter({ setting: [], pythonExtension: () => Promise.resolve(undefined), variables: {}, which: () => undefined }), undefined);
  });
});

describe('expandVariables', () => {
  it('expands ~, ${userHome}, ${env:…} and known variables; leaves unknown ones', () => {
    process.env.DOCREF_TEST_VAR = 'abc';
    assert.equal(expandVariables('~/venv/bin/python', {}), path.join(os.homedir(), 'venv/bin/python'));
    assert.equal(expandVariables('${userHome}/x', {}), `${os.homedir()}/x`);
    assert.equal(expandVariables('/p/${env:DOCREF_TEST_VAR}/q', {}), '/p/abc/q');
    assert.equal(expandVariables('${workspaceFolder}/py', { workspaceFolder: '/w' }), '/w/py');
    assert.equal(expandVariables('${nope}/py', {}), '${nope}/py');
  });
});

describe('which', () => {
  it('finds executable files only, in PATH order', () => {
    const a = tempDir();
    const b = tempDir();
    fs.writeFileSync(path.join(a, 'tool'), 'not executable', { mode: 0o644 });
    fs.mkdirSync(path.join(a, 'dirtool'));
    const exe = script(b, 'tool', 'exit 0');
    const searchPath = [a, b].join(path.delimiter);
    assert.equal(which('tool', searchPath), exe);
    assert.equal(which('dirtool', searchPath), undefined);
    assert.equal(which('missing', searchPath), undefined);
    assert.equal(which('tool', undefined), undefined);
  });
});

describe('probeModule (real processes)', () => {
  before(function () {
    if (python === undefined) {
      throw new Error('these tests need python3 on PATH');
    }
  });

  it('reports the version of an importable module', async () => {
    const probe = await probeModule([python!], 'json');
    assert.equal(probe.ok, true);
  });

  it('says not-installed when the import fails', async () => {
    const probe = await probeModule([python!], 'docref_no_such_module_xyz');
    assert.deepEqual(probe.ok ? undefined : probe.reason, 'not-installed');
  });

  it('says not-runnable for a missing executable, with its name', async () => {
    const probe = await probeModule(['/nonexistent/bin/python3'], 'json');
    assert.equal(probe.ok, false);
    assert.ok(!probe.ok && probe.reason === 'not-runnable' && probe.detail.includes('/nonexistent/bin/python3'));
  });

  it('says not-runnable when the interpreter fails for another reason', async () => {
    const fake = script(tempDir(), 'python', 'echo "boom: broken interpreter" >&2; exit 3');
    const probe = await probeModule([fake], 'json');
    assert.ok(!probe.ok && probe.reason === 'not-runnable' && /exited with 3: boom/.test(probe.detail));
  });

  it('gives up on an interpreter that hangs', async () => {
    const fake = script(tempDir(), 'python', 'sleep 30');
    const probe = await probeModule([fake], 'json', 300);
    assert.ok(!probe.ok && probe.reason === 'not-runnable' && /did not answer/.test(probe.detail));
  });

  it('passes leading arguments of the command through', async () => {
    const probe = await probeModule([python!, '-I'], 'json');
    assert.equal(probe.ok, true);
  });
});

describe('commands', () => {
  it('builds the server and pip command lines', () => {
    assert.deepEqual(serverCommand(['/v/bin/python']), { command: '/v/bin/python', args: ['-m', 'docref', 'serve'] });
    assert.deepEqual(serverCommand(['conda', 'run', '-n', 'x', 'python']), { command: 'conda', args: ['run', '-n', 'x', 'python', '-m', 'docref', 'serve'] });
    assert.deepEqual(installCommand(['/v/bin/python'], { pypi: true }), ['/v/bin/python', '-m', 'pip', 'install', 'docref']);
    assert.deepEqual(installCommand(['/v/bin/python'], { checkout: '/src/docref' }), ['/v/bin/python', '-m', 'pip', 'install', '-e', '/src/docref']);
  });

  it('recognises a docref checkout by its pyproject', () => {
    const yes = tempDir();
    fs.writeFileSync(path.join(yes, 'pyproject.toml'), '[project]\nname = "docref"\nversion = "0.1.0"\n');
    const other = tempDir();
    fs.writeFileSync(path.join(other, 'pyproject.toml'), '[project]\nname = "shop-sample"\n');
    assert.equal(isDocrefCheckout(yes), true);
    assert.equal(isDocrefCheckout(other), false);
    assert.equal(isDocrefCheckout(tempDir()), false);
  });
});
