/**
 * Every goal a benchmark's figure answers, in one table: `npm run bench` reports each at its end
 * (bench/goal-check.ts) and `--check` exits non-zero when a measured one falls short.
 * docs/benchmarks.md ("Goals") lists the same table.
 *
 * A goal reads one figure from the results JSON of one bench (bench/results/<bench>-<time>.json):
 * each entry of its `results` (or its one `result`), or each entry of the array `rows` inside it,
 * is a row, carrying its parent's fields, the document's `settings` and top-level numbers. Rows
 * that do not match `where` are not the goal's size or database; of those that do, one line per
 * configuration (the `configuration` fields' values), its worst row against the limit.
 */
export interface BenchGoal {
  id: string;
  /** What is measured, as the report's line says it, before the comparison. */
  goal: string;
  /** The results file's prefix: bench/results/<bench>-<time>.json. */
  bench: string;
  /** An array inside each result whose entries are the rows (posts-page's cases). */
  rows?: string;
  /** The figure's path in a row (dots into objects: `dispatch.p50_ms`). */
  figure: string;
  /** Row fields and the values the goal is about (several: any of them); strings compared case-blind. */
  where?: Record<string, string | number | (string | number)[]>;
  /** Row fields that name the database and configuration: one line each. */
  configuration: string[];
  /** Said before the configuration's fields, for a goal that runs in one setting only. */
  setting?: string;
  comparison: '<=' | '<';
  /** The limit, or the row field that holds it (each bundle has its own budget). */
  limit: number | { field: string };
  /** A stricter limit asked for but not yet the goal: reported beside the figure, never judged. */
  target?: number;
  unit: string;
  /** Where the goal is set. */
  source: string;
}

const AT_10000_CLAIMS = { agents: 10_000 };
const API_CONFIGURATION = ['database', 'shape', 'instances'];

export const GOALS: BenchGoal[] = [
  {
    id: 'api-p50',
    goal: 'public API p50 at 10,000 waiting claims',
    bench: 'api-latency',
    figure: 'p50_ms',
    where: AT_10000_CLAIMS,
    configuration: API_CONFIGURATION,
    comparison: '<=',
    limit: 10,
    unit: 'ms',
    source: 'issue 30 ("Many waiting agents")',
  },
  {
    id: 'api-p99',
    goal: 'public API p99 at 10,000 waiting claims',
    bench: 'api-latency',
    figure: 'p99_ms',
    where: AT_10000_CLAIMS,
    configuration: API_CONFIGURATION,
    comparison: '<=',
    limit: 100,
    unit: 'ms',
    source: 'issue 30 ("Many waiting agents")',
  },
  {
    id: 'dispatch-p50',
    goal: 'dispatch p50 at 10,000 waiting claims',
    bench: 'api-latency',
    figure: 'dispatch_p50_ms',
    where: AT_10000_CLAIMS,
    configuration: API_CONFIGURATION,
    comparison: '<=',
    limit: 10,
    unit: 'ms',
    source: 'issue 30 ("Many waiting agents")',
  },
  {
    id: 'rss-per-1000-claims',
    goal: 'RSS per 1,000 waiting claims at 10,000',
    bench: 'api-latency',
    figure: 'rss_per_1000_claims_mb',
    where: AT_10000_CLAIMS,
    configuration: API_CONFIGURATION,
    comparison: '<=',
    limit: 50,
    target: 20,
    unit: 'MB',
    source: 'issue 30: 50 MB; issue 47 asks 20 MB',
  },
  {
    id: 'queue-dispatch-pglite',
    goal: 'queue dispatch p50 on PGlite',
    bench: 'queue',
    figure: 'dispatch.p50_ms',
    where: { database: 'pglite' },
    configuration: ['database'],
    comparison: '<=',
    limit: 5,
    unit: 'ms',
    source: 'issue 30 item 5',
  },
  {
    id: 'queue-budgeted-postgres',
    goal: 'budgeted queue on PostgreSQL, HTTP time over bare SQL',
    bench: 'queue',
    figure: 'throughput_budgeted.http_over_sql',
    where: { database: 'postgres' },
    configuration: ['database'],
    comparison: '<',
    limit: 2,
    unit: '×',
    source: 'issue 30 item 5',
  },
  {
    id: 'posts-page',
    goal: '/api-posts page at 1,000,000 posts, HTTP p50 (worst case)',
    bench: 'posts-page',
    rows: 'http',
    figure: 'p50_ms',
    where: { posts: 1_000_000 },
    configuration: ['database'],
    comparison: '<=',
    limit: 10,
    unit: 'ms',
    source: 'issue 47 goal list',
  },
  {
    id: 'stats-30-days',
    goal: 'stats over 30 days by day at 1,000,000 posts, HTTP p50 (worst case)',
    bench: 'posts-page',
    rows: 'stats_http',
    figure: 'p50_ms',
    where: {
      posts: 1_000_000,
      case: [
        'watchlist, 30 days by day',
        'watchlist, 30 days by day, Europe/Paris',
        'sequence, 30 days by day',
        'member, last 30 days by day',
      ],
    },
    configuration: ['database'],
    comparison: '<=',
    limit: 10,
    unit: 'ms',
    source: 'issue 47 goal list',
  },
  {
    id: 'stats-year-by-week',
    goal: 'stats over a year by week at 1,000,000 posts, HTTP p50 (worst case)',
    bench: 'posts-page',
    rows: 'stats_http',
    figure: 'p50_ms',
    where: {
      posts: 1_000_000,
      case: ['watchlist, a year by week', 'sequence, a year by week'],
    },
    configuration: ['database'],
    comparison: '<=',
    limit: 10,
    unit: 'ms',
    source: 'issue 47 goal list',
  },
  {
    id: 'mcp-posts',
    goal: 'search_posts over MCP against GET /api-posts, medians',
    bench: 'mcp-posts',
    figure: 'ratio',
    configuration: ['database'],
    comparison: '<=',
    limit: 1.5,
    unit: '×',
    source: 'bench/mcp-posts.ts',
  },
  {
    id: 'idle-rss',
    goal: 'idle service RSS',
    bench: 'idle-rss',
    figure: 'rss_mb',
    configuration: ['start'],
    comparison: '<=',
    limit: 200,
    unit: 'MB',
    source: 'issue 47 goal list',
  },
  {
    id: 'scheduler-100000',
    goal: 'scheduler, 100,000 due watchlists planned',
    bench: 'scheduler',
    figure: 'service_s',
    where: { watchlists: 100_000 },
    configuration: [],
    setting: 'PostgreSQL, two instances',
    comparison: '<=',
    limit: 5,
    unit: 's',
    source: 'issue 47 goal list',
  },
  {
    id: 'bundle-budgets',
    goal: 'extension bundle within its budget',
    bench: 'bundle-size',
    figure: 'kb',
    configuration: ['file'],
    comparison: '<=',
    limit: { field: 'budget_kb' },
    unit: 'kB',
    source: 'scripts/bundle-size.mjs',
  },
  {
    id: 'write-gate',
    goal: 'write gate: every check it adds to a queued invitation, p50 (loaded team)',
    bench: 'outreach-checks',
    figure: 'gate_p50_loaded_ms',
    where: { HISTORY: 100_000, LIST: 10_000 },
    configuration: ['database'],
    comparison: '<=',
    limit: 1,
    unit: 'ms',
    source: 'issue 42: the gate adds at most 1 ms p50 to a queued write',
  },
  {
    id: 'sync-beside-classification',
    goal: 'the sync hands in a thread read: p50 added by sorting replies beside it',
    bench: 'classification',
    figure: 'added_p50_ms',
    configuration: ['database'],
    comparison: '<=',
    limit: 1,
    unit: 'ms',
    source: 'issue 44: classification adds no time to the sync’s own path',
  },
];
