// The bundle's launcher with real interpreters: an extension folder whose bundled/libs holds
// docref's source (server/) and, for the probe that must pass, the dependencies of
// $DOCREF_PYTHON's environment; `python -S` (no site-packages) lacks them.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundledServerCommand, findBundle, llmEnvironment, llmFolder, llmInstallCommand, probeBundle } from '../../src/bundled';
import { which } from '../../src/interpreter';

const client = path.resolve(__dirname, '..', '..', '..');
const repo = path.resolve(client, '..');
const python = process.env.DOCREF_PYTHON ?? which('python3') ?? which('python');
const made: string[] = [];

after(() => {
  for (const dir of made) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** An extension folder with the real launcher and `libs` pointing at docref's source. */
function extensionWithBundle(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docref-bundle-'));
  made.push(dir);
  fs.mkdirSync(path.join(dir, 'bundled', 'tool'), { recursive: true });
  fs.copyFileSync(path.join(client, 'bundled', 'tool', 'launch.py'), path.join(dir, 'bundled', 'tool', 'launch.py'));
  fs.symlinkSync(path.join(repo, 'server'), path.join(dir, 'bundled', 'libs'), 'dir');
  fs.writeFileSync(path.join(dir, 'bundled', 'llm-requirements.txt'), 'litellm>=1.106.2,<1.107\n');
  return dir;
}

describe('bundle', () => {
  it('is found only where the launcher and a bundled docref both are', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'docref-nobundle-'));
    made.push(empty);
    fs.mkdirSync(path.join(empty, 'bundled', 'tool'), { recursive: true });
    fs.writeFileSync(path.join(empty, 'bundled', 'tool', 'launch.py'), '');
    assert.equal(findBundle(empty), undefined);
    const dir = extensionWithBundle();
    assert.deepEqual(findBundle(dir), {
      launcher: path.join(dir, 'bundled', 'tool', 'launch.py'),
      llmRequirements: path.join(dir, 'bundled', 'llm-requirements.txt'),
    });
  });

  it('runs the server through the launcher with the interpreter and its arguments', () => {
    const bundle = { launcher: '/ext/bundled/tool/launch.py', llmRequirements: '/ext/bundled/llm-requirements.txt' };
    assert.deepEqual(bundledServerCommand(['/usr/bin/python3', '-X', 'utf8'], bundle), {
      command: '/usr/bin/python3',
      args: ['-X', 'utf8', '/ext/bundled/tool/launch.py', 'serve'],
    });
    const command = llmInstallCommand(['/usr/bin/python3'], bundle, '/storage/llm/cpython-311-linux-x86_64');
    assert.deepEqual(command.slice(0, 4), ['/usr/bin/python3', '-m', 'pip', 'install']);
    assert.ok(command.includes('--target') && command.includes('/ext/bundled/llm-requirements.txt'));
  });

  it('puts the model extra on the path only once its install completed', () => {
    const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'docref-storage-'));
    made.push(storage);
    const folder = llmFolder(storage, 'cpython-311-linux-x86_64');
    fs.mkdirSync(folder, { recursive: true });
    assert.deepEqual(llmEnvironment(folder), {});
    fs.writeFileSync(path.join(folder, '.complete'), 'now\n');
    assert.deepEqual(llmEnvironment(folder), { DOCREF_LLM_LIBS: folder });
  });

  it('probes docref, the Python and the model extra through the launcher', async function () {
    if (python === undefined) {
      this.skip();
    }
    const bundle = findBundle(extensionWithBundle());
    assert.ok(bundle !== undefined);
    const probe = await probeBundle([python], bundle, process.env);
    assert.ok(probe.ok, JSON.stringify(probe));
    const version = execFileSync(python, ['-c', 'import sys; print(sys.version.split()[0])'], { encoding: 'utf8' }).trim();
    assert.equal(probe.info.python, version);
    assert.match(probe.info.tag, /^cpython-3\d+-/);
    assert.equal(typeof probe.info.llm, 'boolean');
  });

  it('reports a bundle that cannot import its dependencies as broken, with the reason', async function () {
    if (python === undefined) {
      this.skip();
    }
    const bundle = findBundle(extensionWithBundle());
    assert.ok(bundle !== undefined);
    // -S: no site-packages, so tree-sitter and nltk are missing from this "bundle"
    const probe = await probeBundle([python, '-S'], bundle, process.env);
    assert.equal(probe.ok, false);
    assert.ok(!probe.ok && probe.reason === 'broken' && /No module named/.test(probe.detail), JSON.stringify(probe));
  });

  it('reports a command that cannot start as not runnable', async () => {
    const bundle = findBundle(extensionWithBundle());
    assert.ok(bundle !== undefined);
    const probe = await probeBundle(['/nonexistent/python3'], bundle, process.env);
    assert.equal(probe.ok, false);
    assert.ok(!probe.ok && probe.reason === 'not-runnable');
  });
});
