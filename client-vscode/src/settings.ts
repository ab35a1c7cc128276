// The client's camelCase `docref.*` settings as the server's snake_case settings object.
//
// The server rejects a whole settings object when one key is unknown or one value is bad, so
// this is the one place where client-only keys and unusable values are dropped (each with a
// warning for the output channel) before anything is sent.  Only values the user actually set
// are sent: a default from package.json would otherwise override the project's
// `[tool.docref]` table.  Pure: no `vscode` import, unit-tested.

/** Client setting (without the `docref.` prefix) -> server key. */
export const SERVER_KEYS: Readonly<Record<string, string>> = {
  model: 'model',
  apiBase: 'api_base',
  apiKeyEnvVar: 'api_key_env',
  run: 'run',
  criteria: 'criteria',
  severity: 'severity',
  maxConcurrency: 'concurrency',
  contextTokens: 'context_tokens',
  localOnly: 'local_only',
  'fix.verifyWithRoundtrip': 'fix_verify_with_roundtrip',
};

/** Settings only the client reads; never sent. */
export const CLIENT_ONLY_KEYS: ReadonlySet<string> = new Set(['interpreter', 'trace', 'trace.server']);

/** Every client setting the extension reads (the keys `inspect` is asked about). */
export const CLIENT_KEYS: readonly string[] = [...Object.keys(SERVER_KEYS), 'interpreter', 'trace.server'];

/** Client settings whose change needs a new server process (the others are pulled live). */
export const RESTART_KEYS: readonly string[] = [
  'interpreter',
  'apiKeyEnvVar', // the key's variable name is fixed in the process environment
  'model', // may need consent before the first request to a hosted endpoint
  'apiBase',
  'localOnly',
];

const RUN_MODES = ['onSave', 'onType', 'manual'];
const CRITERIA = ['C1', 'C2', 'C3', 'C4'];
const SEVERITIES = ['error', 'warning', 'information', 'hint', 'off'];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What `WorkspaceConfiguration.inspect` says about one setting (the fields used here). */
export interface Inspection<T = unknown> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
  globalLanguageValue?: T;
  workspaceLanguageValue?: T;
  workspaceFolderLanguageValue?: T;
}

/** The value the user set for a setting (most specific scope first), `undefined` when only
 * the default applies. */
export function explicitValue<T>(inspection: Inspection<T> | undefined): T | undefined {
  if (inspection === undefined) {
    return undefined;
  }
  const order: (keyof Inspection<T>)[] = [
    'workspaceFolderLanguageValue',
    'workspaceLanguageValue',
    'globalLanguageValue',
    'workspaceFolderValue',
    'workspaceValue',
    'globalValue',
  ];
  for (const scope of order) {
    const value = inspection[scope];
    if (value !== undefined) {
      return value;
    }
  }
  return undefined;
}

/** The result of mapping: the object for the server and what was left out, and why. */
export interface Mapped {
  settings: Record<string, unknown>;
  warnings: string[];
}

/** Overrides the client itself imposes (consent refused -> local only). */
export interface Overrides {
  localOnly?: boolean;
  /** The variable the stored API key is put in: sent as `api_key_env` unless the user set one
   * (the server sends no key to an `api_base` without it). */
  apiKeyEnv?: string;
}

/**
 * Map explicitly set client settings (camelCase keys, no `docref.` prefix) to the server's
 * settings object.  Unset (`undefined`/`null`) and empty-string values are dropped silently;
 * client-only keys too; unknown keys and bad values are dropped with a warning.
 */
export function toServerSettings(explicit: Record<string, unknown>, overrides: Overrides = {}): Mapped {
  const settings: Record<string, unknown> = {};
  const warnings: string[] = [];
  for (const [key, value] of Object.entries(explicit)) {
    if (CLIENT_ONLY_KEYS.has(key) || value === undefined || value === null) {
      continue;
    }
    const target = SERVER_KEYS[key];
    if (target === undefined) {
      warnings.push(`docref.${key} is not a docref setting; ignored`);
      continue;
    }
    const checked = checkValue(key, value);
    if (checked.ok) {
      if (checked.value !== undefined) {
        settings[target] = checked.value;
      }
    } else {
      warnings.push(`docref.${key}: ${checked.reason}; ignored`);
    }
  }
  if (overrides.localOnly === true) {
    settings.local_only = true;
  }
  if (overrides.apiKeyEnv !== undefined && settings.api_key_env === undefined && ENV_NAME.test(overrides.apiKeyEnv)) {
    settings.api_key_env = overrides.apiKeyEnv;
  }
  return { settings, warnings };
}

type Checked = { ok: true; value: unknown } | { ok: false; reason: string };

function checkValue(key: string, value: unknown): Checked {
  switch (key) {
    case 'model':
    case 'apiBase':
      if (typeof value !== 'string') {
        return { ok: false, reason: `expected a string, got ${kind(value)}` };
      }
      // an empty box in the settings UI means "not set", not "the empty model"
      return { ok: true, value: value.trim() === '' ? undefined : value.trim() };
    case 'apiKeyEnvVar':
      if (typeof value !== 'string' || !ENV_NAME.test(value.trim())) {
        // the value is not echoed: it may be the key itself, pasted in the wrong box
        return { ok: false, reason: 'expected the NAME of an environment variable (letters, digits, _), not the key itself' };
      }
      return { ok: true, value: value.trim() };
    case 'run':
      return oneOf(value, RUN_MODES);
    case 'criteria': {
      if (!Array.isArray(value) || value.length === 0) {
        return { ok: false, reason: `expected a non-empty list of ${CRITERIA.join(', ')}` };
      }
      const names = (value as unknown[]).map((v) => (typeof v === 'string' ? v.toUpperCase() : v));
      const bad = names.filter((v) => typeof v !== 'string' || !CRITERIA.includes(v));
      if (bad.length > 0) {
        return { ok: false, reason: `unknown criteria ${bad.map(String).join(', ')}` };
      }
      return { ok: true, value: [...new Set(names as string[])] };
    }
    case 'severity': {
      if (typeof value !== 'object' || Array.isArray(value)) {
        return { ok: false, reason: `expected an object such as {"C4": "information"}, got ${kind(value)}` };
      }
      const entries = Object.entries(value as Record<string, unknown>);
      const bad = entries.filter(([, level]) => typeof level !== 'string' || !SEVERITIES.includes(level));
      if (bad.length > 0) {
        return { ok: false, reason: `levels must be one of ${SEVERITIES.join(', ')} (bad: ${bad.map(([k]) => k).join(', ')})` };
      }
      return { ok: true, value: entries.length === 0 ? undefined : Object.fromEntries(entries) };
    }
    case 'maxConcurrency':
    case 'contextTokens':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
        return { ok: false, reason: `expected a whole number >= 1, got ${String(value)}` };
      }
      return { ok: true, value };
    case 'localOnly':
    case 'fix.verifyWithRoundtrip':
      if (typeof value !== 'boolean') {
        return { ok: false, reason: `expected true or false, got ${kind(value)}` };
      }
      return { ok: true, value };
    default:
      return { ok: false, reason: 'no mapping' };
  }
}

function oneOf(value: unknown, allowed: string[]): Checked {
  if (typeof value === 'string' && allowed.includes(value)) {
    return { ok: true, value };
  }
  return { ok: false, reason: `expected one of ${allowed.join(', ')}, got ${JSON.stringify(value)}` };
}

function kind(value: unknown): string {
  return Array.isArray(value) ? 'a list' : typeof value;
}

/** Whether a configuration change of `changed` (setting names without prefix) needs a restart. */
export function needsRestart(affects: (key: string) => boolean): boolean {
  return RESTART_KEYS.some((key) => affects(key));
}
