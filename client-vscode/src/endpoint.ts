// Where model requests would go, and whether that leaves this machine (consent is asked before
// the first request to such an endpoint).  Pure: no `vscode` import, unit-tested.

/** Providers whose default endpoint (no apiBase) is a server on this machine. */
const LOCAL_PROVIDERS: Readonly<Record<string, string>> = {
  ollama: 'http://localhost:11434',
  ollama_chat: 'http://localhost:11434',
  lm_studio: 'http://localhost:1234/v1',
  llamafile: 'http://localhost:8080/v1',
};

/** The host of `apiBase` (lower case, IPv6 without brackets), or `undefined` if unparseable. */
export function hostOf(apiBase: string): string | undefined {
  const text = apiBase.trim();
  if (text === '') {
    return undefined;
  }
  // "localhost:11434" or "10.0.0.5:8000/v1" without a scheme: read as http
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  try {
    const host = new URL(withScheme).hostname.toLowerCase();
    if (host === '') {
      return undefined;
    }
    return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  } catch {
    return undefined;
  }
}

/** Whether `host` names this machine: localhost (and *.localhost), 127.0.0.0/8, ::1, and
 * IPv4-mapped loopback. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) {
    return true;
  }
  if (/^127(\.\d{1,3}){3}$/.test(h)) {
    return h.split('.').every((part) => Number(part) <= 255);
  }
  if (h === '::1' || /^(0{1,4}:){7}0{0,3}1$/.test(h)) {
    return true;
  }
  // ::ffff:127.0.0.1 arrives from URL as ::ffff:7f00:1
  const mapped = /^::ffff:(7f[0-9a-f]{2}):[0-9a-f]{1,4}$/.exec(h) ?? /^::ffff:(127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(h);
  return mapped !== null;
}

/** Where the model's requests go: `remote` when they leave this machine. */
export interface Endpoint {
  /** What to show the user: the URL, or the provider for a hosted model. */
  label: string;
  remote: boolean;
}

/**
 * The endpoint `model` (a litellm id) is reached at with `apiBase`; `undefined` without a
 * model (static tier only: no requests at all).  An apiBase that does not parse counts as
 * remote, so that consent is asked rather than skipped.
 */
export function endpointOf(model: string | undefined, apiBase: string | undefined): Endpoint | undefined {
  const name = (model ?? '').trim();
  if (name === '') {
    return undefined;
  }
  const base = (apiBase ?? '').trim();
  if (base !== '') {
    const host = hostOf(base);
    return { label: base, remote: host === undefined || !isLoopbackHost(host) };
  }
  const slash = name.indexOf('/');
  const provider = slash > 0 ? name.slice(0, slash).toLowerCase() : undefined;
  if (provider !== undefined && provider in LOCAL_PROVIDERS) {
    return { label: LOCAL_PROVIDERS[provider], remote: false };
  }
  return { label: provider === undefined ? `hosted (${name})` : `hosted (${provider})`, remote: true };
}

/** The workspaceState key that records the answer for one endpoint. */
export function consentKey(endpoint: Endpoint): string {
  return `docref.consent:${endpoint.label}`;
}
