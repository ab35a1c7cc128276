import * as assert from 'node:assert/strict';
import { explicitValue, needsRestart, SERVER_KEYS, toServerSettings } from '../../src/settings';

describe('toServerSettings', () => {
  it('maps every client setting to its snake_case server key', () => {
    const { settings, warnings } = toServerSettings({
      model: 'ollama_chat/qwen2.5-coder:7b',
      apiBase: 'http://127.0.0.1:11434',
      apiKeyEnvVar: 'MY_KEY',
      run: 'onType',
      criteria: ['C1', 'c3'],
      severity: { C4: 'information', 'C2-PARAM-TYPE': 'error' },
      maxConcurrency: 4,
      contextTokens: 3000,
      localOnly: true,
      'fix.verifyWithRoundtrip': true,
    });
    assert.deepEqual(warnings, []);
    assert.deepEqual(settings, {
      model: 'ollama_chat/qwen2.5-coder:7b',
      api_base: 'http://127.0.0.1:11434',
      api_key_env: 'MY_KEY',
      run: 'onType',
      criteria: ['C1', 'C3'],
      severity: { C4: 'information', 'C2-PARAM-TYPE': 'error' },
      concurrency: 4,
      context_tokens: 3000,
      local_only: true,
      fix_verify_with_roundtrip: true,
    });
  });

  it('has a mapping for exactly the settings the server accepts from the client', () => {
    const serverKeys = new Set(['model', 'api_base', 'api_key_env', 'run', 'criteria', 'severity', 'concurrency', 'context_tokens', 'local_only', 'fix_verify_with_roundtrip']);
    assert.deepEqual(new Set(Object.values(SERVER_KEYS)), serverKeys);
  });

  it('drops client-only keys and unset values without a warning', () => {
    const { settings, warnings } = toServerSettings({
      interpreter: ['/usr/bin/python3'],
      'trace.server': 'verbose',
      trace: { server: 'verbose' },
      model: undefined,
      apiBase: null,
      run: 'onSave',
    });
    assert.deepEqual(settings, { run: 'onSave' });
    assert.deepEqual(warnings, []);
  });

  it('treats empty strings and an empty severity table as unset', () => {
    const { settings, warnings } = toServerSettings({ model: '  ', apiBase: '', severity: {} });
    assert.deepEqual(settings, {});
    assert.deepEqual(warnings, []);
  });

  it('drops bad values with a warning and keeps the good ones (the server would reject the whole object)', () => {
    const { settings, warnings } = toServerSettings({
      run: 'always',
      criteria: ['C1', 'C9'],
      severity: { C4: 'loud' },
      maxConcurrency: 0,
      contextTokens: 2.5,
      localOnly: 'yes',
      model: 42,
      modle: 'typo',
      apiBase: 'http://127.0.0.1:8000/v1',
    });
    assert.deepEqual(settings, { api_base: 'http://127.0.0.1:8000/v1' });
    assert.equal(warnings.length, 8);
    assert.ok(warnings.some((w) => w.startsWith('docref.modle is not a docref setting')));
    assert.ok(warnings.some((w) => w.startsWith('docref.run: expected one of onSave, onType, manual')));
    assert.ok(warnings.some((w) => w.includes('C9')));
  });

  it('never echoes a value pasted into apiKeyEnvVar (it may be the key itself)', () => {
    const secret = 'sk-live-1234567890abcdef';
    const { settings, warnings } = toServerSettings({ apiKeyEnvVar: secret.replace(/-/g, ' ') });
    assert.deepEqual(settings, {});
    assert.equal(warnings.length, 1);
    assert.ok(!warnings[0].includes('1234567890'));
  });

  it('rejects an empty criteria list', () => {
    const { settings, warnings } = toServerSettings({ criteria: [] });
    assert.deepEqual(settings, {});
    assert.match(warnings[0], /non-empty list/);
  });

  it('names the variable of a stored key unless the user named one', () => {
    assert.deepEqual(toServerSettings({}, { apiKeyEnv: 'OPENAI_API_KEY' }).settings, { api_key_env: 'OPENAI_API_KEY' });
    assert.deepEqual(toServerSettings({ apiKeyEnvVar: 'MY_KEY' }, { apiKeyEnv: 'OPENAI_API_KEY' }).settings, { api_key_env: 'MY_KEY' });
    assert.deepEqual(toServerSettings({}, { apiKeyEnv: 'not a name' }).settings, {});
  });

  it('forces local_only when consent was refused, whatever the setting says', () => {
    assert.deepEqual(toServerSettings({ localOnly: false }, { localOnly: true }).settings, { local_only: true });
    assert.deepEqual(toServerSettings({}, { localOnly: true }).settings, { local_only: true });
    assert.deepEqual(toServerSettings({ localOnly: false }, {}).settings, { local_only: false });
  });
});

describe('explicitValue', () => {
  it('is undefined when only the default applies', () => {
    assert.equal(explicitValue({ defaultValue: 'onSave' }), undefined);
    assert.equal(explicitValue(undefined), undefined);
  });

  it('takes the most specific scope the user set', () => {
    assert.equal(explicitValue({ defaultValue: 1, globalValue: 2 }), 2);
    assert.equal(explicitValue({ globalValue: 2, workspaceValue: 3 }), 3);
    assert.equal(explicitValue({ globalValue: 2, workspaceValue: 3, workspaceFolderValue: 4 }), 4);
    assert.equal(explicitValue({ workspaceFolderValue: 4, globalLanguageValue: 5 }), 5);
  });

  it('keeps an explicit false or empty list (set on purpose)', () => {
    assert.equal(explicitValue({ defaultValue: true, workspaceValue: false }), false);
    assert.deepEqual(explicitValue({ defaultValue: ['C1'], globalValue: [] }), []);
  });
});

describe('needsRestart', () => {
  it('restarts for the interpreter, key variable and endpoint, not for live settings', () => {
    assert.equal(needsRestart((k) => k === 'interpreter'), true);
    assert.equal(needsRestart((k) => k === 'apiKeyEnvVar'), true);
    assert.equal(needsRestart((k) => k === 'apiBase'), true);
    assert.equal(needsRestart((k) => k === 'severity'), false);
    assert.equal(needsRestart((k) => k === 'run'), false);
  });
});
