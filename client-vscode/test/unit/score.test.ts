import * as assert from 'node:assert/strict';
import { formatScore } from '../../src/score';

describe('formatScore', () => {
  it('is undefined for no function at the cursor', () => {
    assert.equal(formatScore(null), undefined);
    assert.equal(formatScore(undefined), undefined);
  });

  it('says there is no score before the model tier ran', () => {
    assert.equal(formatScore({ qualname: 'Cart.total', score: null, findings: 1, tier: 'static' }), 'Cart.total: no score yet (scores come from the model tier; 1 finding(s) from the static tier).');
  });

  it('shows the score, per criterion passed/checked, undecided and tier', () => {
    const text = formatScore({ qualname: 'Cart.add_item', score: 0.625, per_criterion: { C2: [1, 2], C1: [3, 3], C4: [0, 0] }, unknown: 1, findings: 2, tier: 'static+ollama_chat/qwen' });
    assert.equal(text, 'Cart.add_item: score 0.63 · C1 3/3, C2 1/2 · 1 sentence(s) undecided · 2 finding(s) · static+ollama_chat/qwen');
  });

  it('accepts plain numbers per criterion', () => {
    assert.match(formatScore({ qualname: 'f', score: 1, per_criterion: { C1: 0.5 } }) ?? '', /C1 0\.50/);
  });
});
