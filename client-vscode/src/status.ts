// The status bar's text, tooltip and click target, from the server's `docref/status`
// notifications (one per workspace folder).  Pure: no `vscode` import, unit-tested.

export type State = 'indexing' | 'checking' | 'idle' | 'modelUnreachable';
const STATES: readonly string[] = ['indexing', 'checking', 'idle', 'modelUnreachable'];

/** One `docref/status` notification; everything but state/folder/files is optional. */
export interface FolderStatus {
  state: State;
  folder: string;
  files: number;
  model?: string | null;
  endpoint?: string | null;
  calls?: number;
  tokens?: number;
  cost_usd?: number | null;
  message?: string | null;
  /** Questions left without a verdict since the server started. */
  unknown?: number;
  /** Why the model tier is not doing its job although it answers (too many answers without
   * a verdict, the shared answer cache down), else `null`. */
  warning?: string | null;
  /** The last run's questions per endpoint (display URL); with several endpoints also the
   * answers and failed attempts each had since the server started. */
  endpoints?: Record<string, EndpointCounts>;
}

/** One endpoint's counts in `docref/status` (each may be missing). */
export interface EndpointCounts {
  asked?: number;
  unanswered?: number;
  answers?: number;
  errors?: number;
}

const ENDPOINT_KEYS = ['asked', 'unanswered', 'answers', 'errors'] as const;

function parseEndpoints(value: unknown): Record<string, EndpointCounts> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return undefined;
  }
  const out: Record<string, EndpointCounts> = {};
  for (const [url, raw] of Object.entries(value as Record<string, unknown>)) {
    if (typeof raw !== 'object' || raw === null) {
      continue; // a malformed entry is left out, the others still shown
    }
    const counts: EndpointCounts = {};
    for (const key of ENDPOINT_KEYS) {
      const n = (raw as Record<string, unknown>)[key];
      if (typeof n === 'number' && Number.isFinite(n)) {
        counts[key] = n;
      }
    }
    out[url] = counts;
  }
  return out;
}

/** The params of a `docref/status` notification, or `undefined` when they are not usable
 * (a newer server may add fields; unknown ones are ignored). */
export function parseStatus(params: unknown): FolderStatus | undefined {
  if (typeof params !== 'object' || params === null) {
    return undefined;
  }
  const p = params as Record<string, unknown>;
  if (typeof p.state !== 'string' || !STATES.includes(p.state) || typeof p.folder !== 'string') {
    return undefined;
  }
  const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const str = (v: unknown): string | null | undefined => (typeof v === 'string' ? v : v === null ? null : undefined);
  return {
    state: p.state as State,
    folder: p.folder,
    files: num(p.files) ?? 0,
    model: str(p.model),
    endpoint: str(p.endpoint),
    calls: num(p.calls),
    tokens: num(p.tokens),
    cost_usd: typeof p.cost_usd === 'number' ? p.cost_usd : p.cost_usd === null ? null : undefined,
    message: str(p.message),
    unknown: num(p.unknown),
    warning: str(p.warning),
    endpoints: parseEndpoints(p.endpoints),
  };
}

/** The state of the server process itself, which no notification can report. */
export type ProcessState = 'starting' | 'running' | 'stopped' | 'failed' | 'notInstalled';

/** The state shown from activation until the server runs: a start (or a restart, which
 * stops the old process first) is never shown as "stopped". */
export const INITIAL_PROCESS_STATE: ProcessState = 'starting';

/** The process state to show while the old process of a restart is being stopped. */
export function stoppingState(restarting: boolean): ProcessState {
  return restarting ? 'starting' : 'stopped';
}

export interface StatusView {
  text: string;
  tooltip: string;
  /** Set when the item should stand out (model unreachable, server down). */
  warning: boolean;
  /** The command a click runs. */
  command: string;
}

const SHOW_OUTPUT = 'docref.showOutput';
/** Opens the settings at `docref.model` (the status bar's click without a model). */
export const CONFIGURE_MODEL = 'docref.configureModel';

/** A compact count: 950, 3.4k, 12k, 1.2M. */
export function compact(n: number): string {
  if (n < 1000) {
    return String(Math.round(n));
  }
  if (n < 1_000_000) {
    return n < 10_000 ? `${(n / 1000).toFixed(1)}k` : `${Math.round(n / 1000)}k`;
  }
  return `${(n / 1_000_000).toFixed(1)}M`;
}

function usage(statuses: FolderStatus[]): string | undefined {
  // calls/tokens/cost are totals of the whole server process, repeated in each folder's status
  const withUsage = statuses.filter((s) => s.calls !== undefined);
  if (withUsage.length === 0) {
    return undefined;
  }
  const last = withUsage[withUsage.length - 1];
  const parts = [`${last.calls ?? 0} calls`, `${compact(last.tokens ?? 0)} tokens`];
  if (typeof last.cost_usd === 'number') {
    parts.push(`$${last.cost_usd.toFixed(last.cost_usd < 1 ? 4 : 2)}`);
  }
  if (last.unknown) {
    parts.push(`${last.unknown} without a verdict`);
  }
  return parts.join(' · ');
}

/** The view for the current process state and the latest status of each folder. */
export function statusView(processState: ProcessState, statuses: FolderStatus[]): StatusView {
  if (processState === 'notInstalled') {
    return { text: '$(error) docref: not installed', tooltip: 'docref is not importable by the selected Python. Click for details.', warning: true, command: SHOW_OUTPUT };
  }
  if (processState === 'failed' || processState === 'stopped') {
    const what = processState === 'failed' ? 'the docref server failed to start or stopped' : 'the docref server is stopped';
    return { text: '$(error) docref: stopped', tooltip: `${capitalize(what)}. Click to see the output; "docref: Restart Server" starts it again.`, warning: true, command: SHOW_OUTPUT };
  }
  if (processState === 'starting' && statuses.length === 0) {
    return { text: '$(sync~spin) docref', tooltip: 'Starting the docref server…', warning: false, command: SHOW_OUTPUT };
  }
  const lines = statuses.flatMap((s) => [describeFolder(s), ...describeEndpoints(s)]);
  const spend = usage(statuses);
  if (spend !== undefined) {
    lines.push(`Model use since the server started: ${spend}`);
  }
  const tooltip = lines.length > 0 ? lines.join('\n') : 'docref is running.';
  const unreachable = statuses.filter((s) => s.state === 'modelUnreachable');
  if (unreachable.length > 0) {
    const why = unreachable[0].message ? `: ${unreachable[0].message}` : '';
    return { text: '$(warning) docref: model unreachable', tooltip: `Model unreachable${why}\nStatic findings only. Click for the output.\n${tooltip}`, warning: true, command: SHOW_OUTPUT };
  }
  if (statuses.some((s) => s.state === 'indexing')) {
    return { text: '$(sync~spin) docref: indexing…', tooltip, warning: false, command: SHOW_OUTPUT };
  }
  const checking = statuses.filter((s) => s.state === 'checking');
  if (checking.length > 0) {
    const n = checking.reduce((sum, s) => sum + s.files, 0);
    return { text: `$(sync~spin) docref: checking${n > 1 ? ` ${n}` : ''}`, tooltip, warning: false, command: SHOW_OUTPUT };
  }
  const model = statuses.find((s) => s.model)?.model;
  const warned = statuses.filter((s) => s.warning);
  if (model && warned.length > 0) {
    // the model answers but checks nothing useful (or the team cache is down): not a green check
    const warnings = warned.map((s) => `${s.folder}: ${s.warning}`).join('\n');
    return { text: `$(warning) docref: ${shortModel(model)} · warning`, tooltip: `${warnings}\nClick for the output.\n${tooltip}`, warning: true, command: SHOW_OUTPUT };
  }
  if (!model) {
    const hint = 'Static tier only: no model is set. Click to configure one (docref.model).';
    return { text: '$(check) docref: static only', tooltip: `${hint}\n${tooltip}`, warning: false, command: CONFIGURE_MODEL };
  }
  const parts = [`$(check) docref: ${shortModel(model)}`];
  if (spend !== undefined) {
    parts.push(spend.split(' · ')[0]);
  }
  return { text: parts.join(' · '), tooltip, warning: false, command: SHOW_OUTPUT };
}

function describeFolder(s: FolderStatus): string {
  const name = s.folder;
  const model = s.model ? ` · model ${s.model}${s.endpoint ? ` at ${s.endpoint}` : ''}` : ' · static tier only (no model)';
  switch (s.state) {
    case 'indexing':
      return `${name}: indexing${model}`;
    case 'checking':
      return `${name}: checking ${s.files} file(s)${model}`;
    case 'modelUnreachable':
      return `${name}: model unreachable${s.message ? ` (${s.message})` : ''}${model}`;
    default:
      return `${name}: idle, ${s.files} file(s) indexed${model}`;
  }
}

/** One tooltip line per endpoint of the folder's last run (none with a single endpoint that
 * answered everything: the folder line already names it). */
function describeEndpoints(s: FolderStatus): string[] {
  const rows = Object.entries(s.endpoints ?? {});
  if (rows.length === 0 || (rows.length === 1 && !rows[0][1].unanswered && !rows[0][1].errors)) {
    return [];
  }
  return rows.map(([url, c]) => {
    const parts = [`${c.asked ?? 0} asked`];
    if (c.unanswered) {
      parts.push(`${c.unanswered} without a verdict`);
    }
    if (c.answers !== undefined) {
      parts.push(`${c.answers} answers`);
    }
    if (c.errors !== undefined) {
      parts.push(`${c.errors} errors`);
    }
    return `  ${url}: ${parts.join(', ')}`;
  });
}

function shortModel(model: string): string {
  return model.length > 28 ? `${model.slice(0, 27)}…` : model;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
