import * as assert from 'node:assert/strict';
import { consentKey, endpointOf, hostOf, isLoopbackHost } from '../../src/endpoint';

describe('hostOf', () => {
  it('reads hosts with and without a scheme, IPv6 without brackets', () => {
    assert.equal(hostOf('http://127.0.0.1:11434'), '127.0.0.1');
    assert.equal(hostOf('localhost:8000/v1'), 'localhost');
    assert.equal(hostOf('https://API.openai.com/v1'), 'api.openai.com');
    assert.equal(hostOf('http://[::1]:8080/v1'), '::1');
  });

  it('is undefined for empty or unparseable text', () => {
    assert.equal(hostOf(''), undefined);
    assert.equal(hostOf('http://'), undefined);
    assert.equal(hostOf('http://exa mple.com'), undefined);
  });
});

describe('isLoopbackHost', () => {
  it('accepts this machine', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'api.localhost', '::1', '0:0:0:0:0:0:0:1', '::ffff:7f00:1', 'localhost.']) {
      assert.equal(isLoopbackHost(host), true, host);
    }
  });

  it('refuses everything else, including look-alikes', () => {
    for (const host of ['10.0.0.5', '192.168.1.2', '0.0.0.0', 'api.openai.com', 'localhost.evil.com', '127.0.0.1.nip.io', '128.0.0.1', '127.0.0.300', '::2', '::ffff:a00:1']) {
      assert.equal(isLoopbackHost(host), false, host);
    }
  });
});

describe('endpointOf', () => {
  it('is undefined without a model (static tier: no requests)', () => {
    assert.equal(endpointOf('', 'https://api.openai.com/v1'), undefined);
    assert.equal(endpointOf(undefined, undefined), undefined);
  });

  it('judges an apiBase by its host', () => {
    assert.deepEqual(endpointOf('openai/qwen', 'http://127.0.0.1:8000/v1'), { label: 'http://127.0.0.1:8000/v1', remote: false });
    assert.deepEqual(endpointOf('hosted_vllm/m', 'http://gpu-box:8000/v1'), { label: 'http://gpu-box:8000/v1', remote: true });
    assert.equal(endpointOf('openai/x', 'not a url at all')?.remote, true);
  });

  it('treats local providers without apiBase as local and hosted ids as remote', () => {
    assert.equal(endpointOf('ollama_chat/qwen2.5-coder:7b', '')?.remote, false);
    assert.equal(endpointOf('ollama/llama3', undefined)?.remote, false);
    assert.deepEqual(endpointOf('gpt-4o-mini', ''), { label: 'hosted (gpt-4o-mini)', remote: true });
    assert.deepEqual(endpointOf('anthropic/claude-x', ''), { label: 'hosted (anthropic)', remote: true });
  });

  it('keys consent by endpoint', () => {
    const a = endpointOf('openai/x', 'https://a.example/v1');
    const b = endpointOf('openai/x', 'https://b.example/v1');
    assert.ok(a && b);
    assert.notEqual(consentKey(a), consentKey(b));
  });
});
