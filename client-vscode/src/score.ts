// Text for "docref: Show Docstring Score" from the server's `docref.showScore` answer.
// Pure: no `vscode` import, unit-tested.

/** The answer's fields used here; all optional, a newer server may send more. */
export interface ScoreAnswer {
  qualname?: unknown;
  score?: unknown;
  describe?: unknown;
  per_criterion?: unknown;
  unknown?: unknown;
  findings?: unknown;
  tier?: unknown;
}

/** One line for a message box; `undefined` for a `null` answer (no function at the cursor). */
export function formatScore(answer: unknown): string | undefined {
  if (answer === null || answer === undefined || typeof answer !== 'object') {
    return undefined;
  }
  const a = answer as ScoreAnswer;
  const name = typeof a.qualname === 'string' ? a.qualname : 'this function';
  const findings = typeof a.findings === 'number' ? `${a.findings} finding(s)` : undefined;
  if (typeof a.score !== 'number') {
    const tail = findings ? `; ${findings} from the static tier` : '';
    return `${name}: no score yet (scores come from the model tier${tail}).`;
  }
  const parts = [`${name}: score ${a.score.toFixed(2)}`];
  const per = perCriterion(a.per_criterion);
  if (per !== '') {
    parts.push(per);
  }
  if (typeof a.unknown === 'number' && a.unknown > 0) {
    parts.push(`${a.unknown} sentence(s) undecided`);
  }
  if (findings) {
    parts.push(findings);
  }
  if (typeof a.tier === 'string') {
    parts.push(a.tier);
  }
  return parts.join(' · ');
}

/** `C1 3/3, C2 1/2` from `{C1: [3, 3], C2: [1, 2]}`; plain numbers are shown as given. */
function perCriterion(value: unknown): string {
  if (typeof value !== 'object' || value === null) {
    return '';
  }
  const parts: string[] = [];
  for (const [criterion, v] of Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) {
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number')) {
      if (v[1] > 0) {
        parts.push(`${criterion} ${v[0]}/${v[1]}`);
      }
    } else if (typeof v === 'number') {
      parts.push(`${criterion} ${v.toFixed(2)}`);
    }
  }
  return parts.join(', ');
}
