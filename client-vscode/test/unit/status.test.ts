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

  it('shows the server\'s warning (answers without a verdict, shared cache down) as a warning', () => {
    const warning = 'the model openai/test at http://127.0.0.1:9/v1 gave no usable yes/no answer to 12 of 12 question(s)';
    const status = parseStatus({ state: 'idle', folder: '/w', files: 2, model: 'openai/test', calls: 12, tokens: 100, unknown: 12, warning, endpoints: { 'http://127.0.0.1:9/v1': { asked: 12, unanswered: 12 } } });
    assert.ok(status);
    const view = statusView('running', [status]);
    assert.equal(view.text, '$(warning) docref: openai/test · warning');
    assert.equal(view.warning, true);
    assert.equal(view.command, 'docref.showOutput');
    assert.match(view.tooltip, /^\/w: the model openai\/test at http:\/\/127\.0\.0\.1:9\/v1 gave no usable/);
    assert.match(view.tooltip, /12 calls · 100 tokens · 12 without a verdict/);
    // the endpoint that left questions without a verdict is listed with its counts
    assert.match(view.tooltip, /\n {2}http:\/\/127\.0\.0\.1:9\/v1: 12 asked, 12 without a verdict/);
    // a shared-cache warning the same way; none: the usual green check
    const cache = statusView('running', [{ ...idle, model: 'm', warning: 'the shared answer cache redis://127.0.0.1:1/0 failed' }]);
    assert.match(cache.tooltip, /shared answer cache redis:\/\/127\.0\.0\.1:1\/0 failed/);
    assert.equal(cache.warning, true);
    assert.equal(statusView('running', [{ ...idle, model: 'm', warning: null }]).warning, false);
    // model unreachable still wins: nothing is checked at all
    assert.match(statusView('running', [{ ...idle, model: 'm', warning: 'w', state: 'modelUnreachable' }]).text, /model unreachable/);
  });

  it('lists each endpoint\'s questions, answers and errors in the tooltip', () => {
    const status = parseStatus({
      state: 'idle', folder: '/w', files: 2, model: 'openai/m', warning: null,
      endpoints: { 'http://a:1/v1': { asked: 7, unanswered: 0, answers: 7, errors: 0 }, 'http://b:2/v1': { asked: 5, unanswered: 1, answers: 5, errors: 3 }, bad: 'x', 'http://c:3/v1': { asked: 'many' } },
    });
    assert.ok(status?.endpoints);
    assert.deepEqual(Object.keys(status.endpoints), ['http://a:1/v1', 'http://b:2/v1', 'http://c:3/v1']);
    assert.deepEqual(status.endpoints['http://c:3/v1'], {}); // an unusable count is left out
    const view = statusView('running', [status]);
    assert.equal(view.warning, false);
    assert.match(view.tooltip, /\n {2}http:\/\/a:1\/v1: 7 asked, 7 answers, 0 errors/);
    assert.match(view.tooltip, /\n {2}http:\/\/b:2\/v1: 5 asked, 1 without a verdict, 5 answers, 3 errors/);
    // one endpoint that answered everything adds no line (the folder line names it)
    const one = statusView('running', [{ ...idle, model: 'm', endpoints: { 'http://a:1/v1': { asked: 4, unanswered: 0 } } }]);
    assert.doesNotMatch(one.tooltip, /asked/);
    for (const bad of [null, 3, 'x', ['a']]) {
      assert.equal(parseStatus({ state: 'idle', folder: '/w', files: 0, endpoints: bad })?.endpoints, undefined);
    }
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
