import * as assert from 'node:assert/strict';
import { compact, CONFIGURE_MODEL, FolderStatus, INITIAL_PROCESS_STATE, parseStatus, statusView, stoppingState } from '../../src/status';

const idle: FolderStatus = { state: 'idle', folder: '/w/shop', files: 3 };

describe('parseStatus', () => {
  it('accepts today\'s minimal notification and the full one', () => {
    assert.deepEqual(parseStatus({ state: 'idle', folder: '/w', files: 2 })?.files, 2);
    const full = parseStatus({ state: 'modelUnreachable', folder: '/w', files: 2, model: 'm', endpoint: 'http://x', calls: 3, tokens: 4000, cost_usd: null, message: 'refused', extra: 1 });
    assert.equal(full?.message, 'refused');
    assert.equal(full?.cost_usd, null);
    assert.equal(full?.tokens, 4000);
  });

  it('rejects unusable params', () => {
    for (const bad of [null, 42, 'idle', {}, { state: 'sleeping', folder: '/w' }, { state: 'idle' }]) {
      assert.equal(parseStatus(bad), undefined, JSON.stringify(bad));
    }
  });
});

describe('statusView', () => {
  it('shows starting, stopped and not installed without any folder status', () => {
    assert.match(statusView('starting', []).text, /sync~spin/);
    assert.equal(statusView('failed', []).warning, true);
    assert.match(statusView('notInstalled', []).text, /not installed/);
    assert.equal(statusView('notInstalled', []).command, 'docref.showOutput');
  });

  it('shows indexing and checking', () => {
    assert.match(statusView('running', [{ ...idle, state: 'indexing', files: 0 }]).text, /indexing/);
    assert.match(statusView('running', [{ ...idle, state: 'checking', files: 2 }]).text, /checking 2/);
  });

  it('shows model unreachable as a warning that opens the output', () => {
    const view = statusView('running', [idle, { ...idle, folder: '/w/b', state: 'modelUnreachable', message: 'connection refused' }]);
    assert.match(view.text, /model unreachable/);
    assert.equal(view.warning, true);
    assert.equal(view.command, 'docref.showOutput');
    assert.match(view.tooltip, /connection refused/);
  });

  it('shows the model, endpoint and spend when idle', () => {
    const view = statusView('running', [{ ...idle, model: 'ollama_chat/qwen', endpoint: 'http://127.0.0.1:11434', calls: 12, tokens: 34567, cost_usd: 0.01234 }]);
    assert.match(view.text, /ollama_chat\/qwen/);
    assert.match(view.text, /12 calls/);
    assert.match(view.tooltip, /at http:\/\/127\.0\.0\.1:11434/);
    assert.match(view.tooltip, /12 calls · 35k tokens · \$0\.0123/);
    assert.equal(view.warning, false);
  });

  it('says static only without a model, and a click configures one', () => {
    const view = statusView('running', [idle]);
    assert.equal(view.text, '$(check) docref: static only');
    assert.equal(view.command, CONFIGURE_MODEL);
    assert.match(view.tooltip, /Click to configure one/);
    assert.match(view.tooltip, /static tier only/);
    // with a model in any folder, the model is shown and a click opens the output
    const withModel = statusView('running', [idle, { ...idle, folder: '/w/b', model: 'openai/gpt-4.1-mini' }]);
    assert.doesNotMatch(withModel.text, /static only/);
    assert.equal(withModel.command, 'docref.showOutput');
  });

  it('never shows stopped during a normal start or a restart', () => {
    // activation, then a restart stopping the old process, then the first statuses
    const sequence = [INITIAL_PROCESS_STATE, stoppingState(true), 'starting' as const];
    for (const state of sequence) {
      assert.doesNotMatch(statusView(state, []).text, /stopped/, state);
    }
    assert.doesNotMatch(statusView('starting', [{ ...idle, state: 'indexing', files: 0 }]).text, /stopped/);
    // stopping for good (the extension deactivates) is shown as such
    assert.match(statusView(stoppingState(false), []).text, /stopped/);
  });
});

describe('compact', () => {
  it('abbreviates counts', () => {
    assert.equal(compact(950), '950');
    assert.equal(compact(3400), '3.4k');
    assert.equal(compact(34567), '35k');
    assert.equal(compact(1_250_000), '1.3M');
  });
});
