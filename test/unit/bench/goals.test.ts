import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GOALS } from '../../../bench/goals.js';
import {
  benchOfResultsFile,
  evaluateGoals,
  formatGoalLine,
  type GoalLine,
  goalsExitCode,
} from '../../../bench/goal-check.js';

/** Recorded results files, small, as `npm run bench` writes them to bench/results/. */
const FIXTURES = new URL('./fixtures/', import.meta.url);
const recorded: Record<string, unknown> = Object.fromEntries(
  readdirSync(FIXTURES).map((file) => [
    benchOfResultsFile(file),
    JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8')),
  ]),
);
const lines = evaluateGoals(GOALS, recorded);
const of = (id: string) => lines.filter((l) => l.goal.id === id);
const text = (id: string) => of(id).map(formatGoalLine);

describe('bench goals against recorded results', () => {
  it('names the bench of a results file', () => {
    expect(benchOfResultsFile('bench/results/api-latency-2026-11-28T19-24-00-000Z.json')).toBe(
      'api-latency',
    );
    expect(benchOfResultsFile('queue-2026-11-28T19-40-00-000Z.json')).toBe('queue');
    expect(benchOfResultsFile('notes.json')).toBeUndefined();
  });

  it('one line per configuration at the goal size; other sizes and failed runs measure nothing', () => {
    expect(text('api-p50')).toEqual([
      '✓ public API p50 at 10,000 waiting claims ≤ 10 ms: 2.15 ms (pglite, shape one, instances 1)',
      '✓ public API p50 at 10,000 waiting claims ≤ 10 ms: 2.88 ms (pglite, shape teams, instances 1)',
    ]);
    expect(text('api-p99')).toEqual([
      '✓ public API p99 at 10,000 waiting claims ≤ 100 ms: 7 ms (pglite, shape one, instances 1)',
      '✗ public API p99 at 10,000 waiting claims ≤ 100 ms: 140.2 ms (pglite, shape teams, instances 1)',
    ]);
  });

  it('a limit is met at the limit itself for <=, not for <; a target is shown, not judged', () => {
    expect(text('rss-per-1000-claims')[1]).toBe(
      '✓ RSS per 1,000 waiting claims at 10,000 ≤ 50 MB (target 20 MB): 50 MB (pglite, shape teams, instances 1)',
    );
    expect(text('queue-budgeted-postgres')).toEqual([
      '✗ budgeted queue on PostgreSQL, HTTP time over bare SQL < 2 ×: 2 × (postgres)',
    ]);
    expect(text('queue-dispatch-pglite')).toEqual([
      '✗ queue dispatch p50 on PGlite ≤ 5 ms: 5.71 ms (pglite)',
    ]);
  });

  it('several cases of a configuration: the worst, named', () => {
    expect(text('posts-page')).toEqual([
      '✓ /api-posts page at 1,000,000 posts, HTTP p50 (worst case) ≤ 10 ms: 5.7 ms (pglite; worst: team, seniority cxo,vp)',
    ]);
    expect(text('stats-year-by-week')).toEqual([
      '✗ stats over a year by week at 1,000,000 posts, HTTP p50 (worst case) ≤ 10 ms: 12.3 ms (pglite; worst: sequence, a year by week)',
    ]);
  });

  it('each bundle against its own budget', () => {
    expect(text('bundle-budgets')).toEqual([
      '✓ extension bundle within its budget ≤ 70 kB: 64.7 kB (background.js)',
      '✗ extension bundle within its budget ≤ 60 kB: 61.2 kB (network-operations.js)',
    ]);
  });

  it('a goal whose bench did not run, or ran at another size, is not measured, never met', () => {
    for (const id of ['idle-rss', 'mcp-posts', 'write-gate', 'scheduler-100000'])
      expect(of(id).map((l) => l.status)).toEqual(['not measured']);
    expect(text('scheduler-100000')).toEqual([
      '– scheduler, 100,000 due watchlists planned ≤ 5 s: not measured',
    ]);
    expect(text('idle-rss')).toEqual(['– idle service RSS ≤ 200 MB: not measured']);
  });

  it('--check exits 1 only when a measured goal falls short', () => {
    const status = (s: GoalLine['status']) => lines.find((l) => l.status === s)!;
    expect(goalsExitCode(lines, true)).toBe(1);
    expect(goalsExitCode(lines, false)).toBe(0);
    expect(goalsExitCode([status('met'), status('not measured')], true)).toBe(0);
    expect(goalsExitCode(evaluateGoals(GOALS, {}), true)).toBe(0);
    expect(goalsExitCode([status('short')], true)).toBe(1);
  });

  it('docs/benchmarks.md lists every goal of bench/goals.ts', () => {
    const doc = readFileSync(new URL('../../../docs/benchmarks.md', import.meta.url), 'utf8');
    const ids = new Set(GOALS.map((g) => g.id));
    expect(ids.size).toBe(GOALS.length);
    expect(GOALS.filter((goal) => !doc.includes(`| \`${goal.id}\` |`)).map((g) => g.id)).toEqual(
      [],
    );
  });
});
