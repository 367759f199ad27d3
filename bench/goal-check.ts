import type { BenchGoal } from './goals.js';

/**
 * The goals (bench/goals.ts) against the results JSON of one run: one line per goal and
 * configuration, passed, short, or not measured. A goal whose bench did not run, or ran at other
 * sizes, is "not measured", never passed.
 */
export interface GoalLine {
  goal: BenchGoal;
  status: 'met' | 'short' | 'not measured';
  /** The database and configuration the figure is of ('' when the goal was not measured). */
  configuration: string;
  figure?: number;
  limit?: number;
  /** Which case was the worst, where several rows made the line. */
  worstCase?: string;
}

type Row = Record<string, unknown>;

/** The results file's bench: `queue` of bench/results/queue-2026-11-28T19-40-00-000Z.json. */
export function benchOfResultsFile(file: string): string | undefined {
  return /([\w-]+?)-\d{4}-\d{2}-\d{2}T[\w-]*\.json$/.exec(file)?.[1];
}

function at(row: Row, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Row)[key];
  }
  return value;
}

/** The document's rows: each result (or sub-row), with its parent's fields, settings and top-level numbers. */
function rowsOf(doc: Row, goal: BenchGoal): Row[] {
  const base: Row = {};
  for (const [key, value] of Object.entries(doc))
    if (typeof value === 'number' || typeof value === 'string') base[key] = value;
  Object.assign(base, doc.settings as Row | undefined);
  const results = Array.isArray(doc.results) ? doc.results : doc.result ? [doc.result] : [];
  return (results as Row[]).flatMap((result) => {
    const row = { ...base, ...result };
    if (!goal.rows) return [row];
    const inner = result[goal.rows];
    return Array.isArray(inner) ? (inner as Row[]).map((sub) => ({ ...row, ...sub })) : [];
  });
}

const same = (a: unknown, b: string | number) =>
  typeof b === 'string' ? String(a).toLowerCase() === b.toLowerCase() : a === b;

function matches(row: Row, where: BenchGoal['where']): boolean {
  return Object.entries(where ?? {}).every(([field, wanted]) =>
    (Array.isArray(wanted) ? wanted : [wanted]).some((w) => same(row[field], w)),
  );
}

function limitOf(goal: BenchGoal, row: Row): number | undefined {
  const limit = typeof goal.limit === 'number' ? goal.limit : row[goal.limit.field];
  return typeof limit === 'number' ? limit : undefined;
}

function configurationOf(goal: BenchGoal, row: Row): string {
  const parts = goal.configuration
    .filter((field) => row[field] !== undefined && row[field] !== '')
    .map((field) =>
      ['database', 'start', 'file'].includes(field)
        ? String(row[field])
        : `${field} ${String(row[field])}`,
    );
  return [goal.setting, ...parts].filter(Boolean).join(', ');
}

function evaluateGoal(goal: BenchGoal, doc: Row | undefined): GoalLine[] {
  const groups = new Map<string, { row: Row; figure: number; limit: number }[]>();
  for (const row of doc ? rowsOf(doc, goal) : []) {
    const figure = at(row, goal.figure);
    const limit = limitOf(goal, row);
    // A failed or skipped configuration has no figure: it measured nothing.
    if (typeof figure !== 'number' || !Number.isFinite(figure) || limit === undefined) continue;
    if (!matches(row, goal.where)) continue;
    const key = configurationOf(goal, row);
    groups.set(key, [...(groups.get(key) ?? []), { row, figure, limit }]);
  }
  if (!groups.size) return [{ goal, status: 'not measured', configuration: '' }];
  return [...groups].map(([configuration, measured]) => {
    const worst = measured.reduce((a, b) => (b.figure / b.limit > a.figure / a.limit ? b : a));
    const met = goal.comparison === '<' ? worst.figure < worst.limit : worst.figure <= worst.limit;
    return {
      goal,
      status: met ? 'met' : 'short',
      configuration,
      figure: worst.figure,
      limit: worst.limit,
      ...(measured.length > 1 && typeof worst.row.case === 'string'
        ? { worstCase: worst.row.case }
        : {}),
    };
  });
}

/** Every goal against the run's results, keyed by bench (`queue`, `api-latency`, …). */
export function evaluateGoals(goals: BenchGoal[], results: Record<string, unknown>): GoalLine[] {
  return goals.flatMap((goal) => evaluateGoal(goal, results[goal.bench] as Row | undefined));
}

/** 1 when `--check` is asked for and a measured figure falls short; a goal not measured never fails. */
export function goalsExitCode(lines: GoalLine[], check: boolean): number {
  return check && lines.some((line) => line.status === 'short') ? 1 : 0;
}

const MARK = { met: '✓', short: '✗', 'not measured': '–' } as const;

/** One line: mark, goal and limit, figure (or "not measured"), configuration. */
export function formatGoalLine(line: GoalLine): string {
  const { goal } = line;
  const limit = line.limit ?? (typeof goal.limit === 'number' ? goal.limit : undefined);
  const sign = goal.comparison === '<=' ? '≤' : '<';
  const bound = limit === undefined ? `${sign} budget` : `${sign} ${limit} ${goal.unit}`;
  const target = goal.target !== undefined ? ` (target ${goal.target} ${goal.unit})` : '';
  const figure = line.figure === undefined ? 'not measured' : `${line.figure} ${goal.unit}`;
  const where = [line.configuration, line.worstCase && `worst: ${line.worstCase}`]
    .filter(Boolean)
    .join('; ');
  return `${MARK[line.status]} ${goal.goal} ${bound}${target}: ${figure}${where ? ` (${where})` : ''}`;
}
