// Per-platform .vsix files that carry docref and its core dependencies (bundled/libs), so
// the extension runs the server with the user's Python (>= 3.11) and no pip install, the way
// Microsoft's Python tool extensions ship theirs.
//
//   node scripts/bundle.mjs [target ...]     (npm run package [-- linux-x64 ...])
//
// Targets: linux-x64, linux-arm64, darwin-x64, darwin-arm64, win32-x64 (default: all).  For
// each one, pip installs docref's wheel (built from ../ once) into bundled/libs for
// `--platform <the target's wheel tags> --only-binary :all:` and CPython 3.11; the few
// dependencies whose compiled modules are per Python version (tree-sitter, regex; abi3 ones
// serve every version) are then installed for 3.12-3.14 as well, the same versions, and only
// their extension modules (named per version: `_binding.cpython-312-x86_64-linux-gnu.so`, `.cp312-win_amd64.pyd`)
// are added.  bundled/llm-requirements.txt lists the `llm` extra (litellm), which the extension
// installs on request into a private folder, never into the user's environment.
//
// Environment: DOCREF_PYTHON (default python3) runs pip; it needs network access to PyPI (or
// an index configured for pip).

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const client = path.resolve(here, '..');
const repo = path.resolve(client, '..');
const bundled = path.join(client, 'bundled');
const python = process.env.DOCREF_PYTHON ?? 'python3';

/** Wheel platform tags per VS Code target, newest first (pip takes every one given). */
const PLATFORMS = {
  'linux-x64': ['manylinux_2_28_x86_64', 'manylinux_2_17_x86_64', 'manylinux2014_x86_64', 'manylinux_2_5_x86_64', 'manylinux1_x86_64'],
  'linux-arm64': ['manylinux_2_28_aarch64', 'manylinux_2_17_aarch64', 'manylinux2014_aarch64'],
  'darwin-x64': ['macosx_11_0_x86_64', 'macosx_10_13_x86_64', 'macosx_10_12_x86_64', 'macosx_10_9_x86_64', 'macosx_10_9_universal2'],
  'darwin-arm64': ['macosx_11_0_arm64', 'macosx_11_0_universal2', 'macosx_10_9_universal2'],
  'win32-x64': ['win_amd64'],
};
/** The Python versions the bundle runs on: 3.11 (docref's minimum) and later. */
const FIRST_PYTHON = '3.11';
const LATER_PYTHONS = ['3.12', '3.13', '3.14'];
/** Compiled modules: the only files a later Python's install adds. */
const EXTENSION_MODULE = /\.(so|pyd)$/;

function log(message) {
  console.log(`[bundle] ${message}`);
}

function run(command, args, options = {}) {
  log(`$ ${command} ${args.join(' ')}`);
  return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', ...options });
}

function buildWheel(out) {
  run(python, ['-m', 'pip', 'wheel', repo, '--no-deps', '--quiet', '-w', out]);
  const [wheel] = fs.readdirSync(out).filter((f) => /^docref-.*\.whl$/.test(f));
  if (wheel === undefined) {
    throw new Error(`no docref wheel in ${out}`);
  }
  return path.join(out, wheel);
}

function pipInstall(target, requirement, platform, pythonVersion, extra = []) {
  const tags = PLATFORMS[platform].flatMap((tag) => ['--platform', tag]);
  run(python, [
    '-m', 'pip', 'install', '--quiet', '--no-compile', '--disable-pip-version-check',
    '--target', target, '--implementation', 'cp', '--python-version', pythonVersion,
    '--only-binary', ':all:', ...tags, ...extra, ...requirement,
  ]);
}

/** `name==version` of every distribution in `libs` whose compiled modules are built per
 * Python version (not for the stable ABI, `abi3`): only those differ between versions. */
function perVersionPins(libs) {
  return fs
    .readdirSync(libs)
    .map((entry) => /^(.+)-([^-]+)\.dist-info$/.exec(entry))
    .filter((m) => m !== null)
    .filter((m) => {
      const record = fs.readFileSync(path.join(libs, m[0], 'RECORD'), 'utf8');
      return record.split(/\r?\n/).some((line) => EXTENSION_MODULE.test(line.split(',')[0]) && !/abi3/.test(line));
    })
    .map((m) => `${m[1]}==${m[2]}`);
}

function filesUnder(dir) {
  return fs.readdirSync(dir, { recursive: true }).map(String).filter((rel) => fs.statSync(path.join(dir, rel)).isFile());
}

/** The `llm` extra's requirement lines, read from the wheel's metadata. */
function llmRequirements(libs) {
  const [info] = fs.readdirSync(libs).filter((e) => /^docref-.*\.dist-info$/.test(e));
  const metadata = fs.readFileSync(path.join(libs, info, 'METADATA'), 'utf8');
  return metadata
    .split(/\r?\n/)
    .map((line) => /^Requires-Dist: (.+?); extra == "llm"$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => m[1]);
}

function bundle(platform, wheel, work) {
  const libs = path.join(bundled, 'libs');
  fs.rmSync(libs, { recursive: true, force: true });
  pipInstall(libs, [wheel], platform, FIRST_PYTHON);
  const pinned = perVersionPins(libs);
  log(`${platform}: compiled per Python version: ${pinned.join(', ') || 'nothing'}`);
  for (const version of pinned.length > 0 ? LATER_PYTHONS : []) {
    const extra = path.join(work, `py${version}`);
    fs.rmSync(extra, { recursive: true, force: true });
    try {
      pipInstall(extra, pinned, platform, version, ['--no-deps']);
    } catch {
      log(`warning: no complete set of ${platform} wheels for Python ${version}; the bundle will not run there`);
      continue;
    }
    let added = 0;
    for (const rel of filesUnder(extra)) {
      if (EXTENSION_MODULE.test(rel) && !fs.existsSync(path.join(libs, rel))) {
        fs.mkdirSync(path.dirname(path.join(libs, rel)), { recursive: true });
        fs.copyFileSync(path.join(extra, rel), path.join(libs, rel));
        added += 1;
      }
    }
    log(`${platform}: Python ${version} adds ${added} extension module(s)`);
  }
  for (const rel of filesUnder(libs).filter((r) => r.includes('__pycache__'))) {
    fs.rmSync(path.join(libs, rel), { force: true });
  }
  fs.rmSync(path.join(libs, 'bin'), { recursive: true, force: true }); // console scripts for pip's platform
  fs.writeFileSync(path.join(bundled, 'llm-requirements.txt'), llmRequirements(libs).join('\n') + '\n');
  fs.writeFileSync(path.join(bundled, 'platform.txt'), `${platform}\n`);
}

function megabytes(file) {
  return (fs.statSync(file).size / 2 ** 20).toFixed(1);
}

function main() {
  const targets = process.argv.slice(2);
  const wanted = targets.length > 0 ? targets : Object.keys(PLATFORMS);
  for (const target of wanted) {
    if (!(target in PLATFORMS)) {
      throw new Error(`unknown target ${target}; known: ${Object.keys(PLATFORMS).join(', ')}`);
    }
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docref-bundle-'));
  try {
    const wheel = buildWheel(path.join(work, 'wheel'));
    const version = JSON.parse(fs.readFileSync(path.join(client, 'package.json'), 'utf8')).version;
    for (const target of wanted) {
      const started = Date.now();
      bundle(target, wheel, work);
      const out = `docref-${target}-${version}.vsix`;
      run('npx', ['vsce', 'package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--target', target, '--out', out], { cwd: client, stdio: ['ignore', 'inherit', 'inherit'] });
      log(`${out}: ${megabytes(path.join(client, out))} MB in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    // the last target's libraries must not stay behind: a development run of the extension
    // would take them for its bundle (and they may be another platform's)
    for (const made of ['libs', 'llm-requirements.txt', 'platform.txt']) {
      fs.rmSync(path.join(bundled, made), { recursive: true, force: true });
    }
  }
}

main();
