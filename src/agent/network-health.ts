import { defineItem } from './storage-item.js';
import type { CallHealth, OperationHealth } from '../contract/agent.js';
import type { NetworkCallName } from '../contract/network-map.js';
import type { AgentErrorCode } from '../contract/task-types.js';
import type { NetworkReport } from '../network/types.js';
import { DAY } from './clock.js';

/**
 * Which calls of the network map have failed lately, and which operations' answers are not whole
 * (required fields missing, ways failing), from the reports the content script sends with every
 * task result. The heartbeat carries both to the service, so the team's dashboard shows which
 * operations are degraded for which extension and map version (docs/network-map.md, "Health").
 * A new map version starts afresh: it is what a failure report asks for. An operation whose run is
 * whole again leaves the report at once.
 */
interface FailureRecord {
  alternative: string;
  status: number | null;
  code: string;
  message: string;
  count: number;
  last_at: number;
}
interface CallRecord {
  working: string | null;
  working_at: number | null;
  failures: FailureRecord[];
}
interface MissingRecord {
  call: string;
  alternative: string;
  field: string;
  results: number;
  missing: number;
  since: number;
  last_at: number;
}
interface WayRecord {
  call: string;
  alternative: string;
  status: number | null;
  code: string;
  message: string;
  count: number;
  since: number;
  last_at: number;
}
interface OperationRecord {
  since: number;
  last_at: number;
  runs: number;
  failed_runs: number;
  last_ok: boolean;
  missing: MissingRecord[];
  failed_ways: WayRecord[];
}
export interface NetworkHealth {
  map_version: number;
  calls: Partial<Record<NetworkCallName, CallRecord>>;
  /** Per operation (task type) whose latest runs were not whole; absent in older storage. */
  operations?: Record<string, OperationRecord>;
}

/** How one task ended, for its operation's health. */
export interface RunOutcome {
  operation: string;
  ok: boolean;
  code: AgentErrorCode | null;
}

const MAX_MISSING = 10;
const MAX_WAYS = 8;
const MAX_OPERATIONS = 20;

export const networkHealthItem = defineItem<NetworkHealth>('local:network_health', {
  fallback: { map_version: 0, calls: {} },
});

/** Failures older than this are forgotten: the network may have healed, or the map been fixed. */
const REMEMBER_MS = DAY;

export function mergeReport(
  health: NetworkHealth,
  report: NetworkReport,
  mapVersion: number,
  now: number,
  run?: RunOutcome,
): NetworkHealth {
  const next: NetworkHealth =
    health.map_version === mapVersion
      ? structuredClone(health)
      : { map_version: mapVersion, calls: {} };
  if (run) mergeRun(next, report, run, now);
  for (const f of report.failed) {
    const rec = next.calls[f.call] ?? { working: null, working_at: null, failures: [] };
    next.calls[f.call] = rec;
    const known = rec.failures.find((x) => x.alternative === f.alternative);
    if (known)
      Object.assign(known, {
        status: f.status,
        code: f.code,
        message: f.message,
        count: known.count + 1,
        last_at: now,
      });
    else
      rec.failures.push({
        alternative: f.alternative,
        status: f.status,
        code: f.code,
        message: f.message,
        count: 1,
        last_at: now,
      });
    rec.failures = rec.failures.slice(-8);
  }
  for (const u of report.used) {
    const rec = next.calls[u.call];
    if (rec) Object.assign(rec, { working: u.alternative, working_at: now });
  }
  return next;
}

/**
 * One run into its operation's record. A run is evidence of drift when a way failed, a result
 * lacked a field, or the run failed as `network_changed`; a successful run without any is whole and
 * clears the record; a run that failed for another reason (a private profile, a limit) says
 * nothing about the answers and changes nothing.
 */
function mergeRun(health: NetworkHealth, report: NetworkReport, run: RunOutcome, now: number) {
  const gaps = (report.answers ?? []).filter((a) => a.missing.length > 0);
  const drift = report.failed.length > 0 || gaps.length > 0 || run.code === 'network_changed';
  health.operations ??= {};
  const operations = health.operations;
  if (!drift) {
    if (run.ok) delete operations[run.operation];
    return;
  }
  const rec: OperationRecord = operations[run.operation] ?? {
    since: now,
    last_at: now,
    runs: 0,
    failed_runs: 0,
    last_ok: run.ok,
    missing: [],
    failed_ways: [],
  };
  operations[run.operation] = rec;
  Object.assign(rec, {
    last_at: now,
    runs: rec.runs + 1,
    failed_runs: rec.failed_runs + (run.ok ? 0 : 1),
    last_ok: run.ok,
  });
  for (const answer of report.answers ?? []) {
    for (const m of answer.missing) {
      const known = rec.missing.find(
        (x) =>
          x.call === answer.call && x.alternative === answer.alternative && x.field === m.field,
      );
      if (known) Object.assign(known, { missing: known.missing + m.count, last_at: now });
      else
        rec.missing.push({
          call: answer.call,
          alternative: answer.alternative,
          field: m.field,
          results: 0,
          missing: m.count,
          since: now,
          last_at: now,
        });
    }
    // Every result of a way counts toward its share, the whole ones too.
    for (const x of rec.missing)
      if (x.call === answer.call && x.alternative === answer.alternative)
        x.results += answer.results;
  }
  for (const f of report.failed) {
    const known = rec.failed_ways.find((x) => x.call === f.call && x.alternative === f.alternative);
    const what = { status: f.status, code: f.code, message: f.message.slice(0, 300), last_at: now };
    if (known) Object.assign(known, what, { count: known.count + 1 });
    else
      rec.failed_ways.push({
        call: f.call,
        alternative: f.alternative,
        count: 1,
        since: now,
        ...what,
      });
  }
  rec.missing = newest(rec.missing, MAX_MISSING);
  rec.failed_ways = newest(rec.failed_ways, MAX_WAYS);
  const kept = Object.entries(operations).sort(([, a], [, b]) => b.last_at - a.last_at);
  for (const [name] of kept.slice(MAX_OPERATIONS)) delete operations[name];
}

/** The `n` most recently seen, in the order they came. */
function newest<T extends { last_at: number }>(list: T[], n: number): T[] {
  if (list.length <= n) return list;
  const cut = [...list].sort((a, b) => b.last_at - a.last_at)[n - 1]!.last_at;
  return list.filter((x) => x.last_at >= cut).slice(-n);
}

/** What the heartbeat reports of operations: each whose answers lately were not whole. */
export function operationReport(health: NetworkHealth, now: number): OperationHealth[] {
  const iso = (t: number) => new Date(t).toISOString();
  return Object.entries(health.operations ?? {})
    .filter(([, rec]) => now - rec.last_at < REMEMBER_MS)
    .slice(0, MAX_OPERATIONS)
    .map(([operation, rec]) => ({
      operation,
      map_version: health.map_version,
      state: rec.last_ok ? 'degraded' : 'broken',
      since: iso(rec.since),
      last_at: iso(rec.last_at),
      runs: rec.runs,
      failed_runs: rec.failed_runs,
      missing_fields: rec.missing.map((m) => ({
        ...m,
        results: Math.max(m.results, m.missing),
        since: iso(m.since),
        last_at: iso(m.last_at),
      })),
      failed_ways: rec.failed_ways.map((w) => ({
        ...w,
        since: iso(w.since),
        last_at: iso(w.last_at),
      })),
    }));
}

/** What the heartbeat reports: each call with recent failures, degraded or broken. */
export function healthReport(health: NetworkHealth, now: number): CallHealth[] {
  const out: CallHealth[] = [];
  for (const [call, rec] of Object.entries(health.calls) as [NetworkCallName, CallRecord][]) {
    const failures = rec.failures.filter((f) => now - f.last_at < REMEMBER_MS);
    if (!failures.length) continue;
    const lastFailure = Math.max(...failures.map((f) => f.last_at));
    // Working means: an alternative answered after (or with) the latest failure.
    const works = rec.working !== null && rec.working_at !== null && rec.working_at >= lastFailure;
    out.push({
      call,
      state: works ? 'degraded' : 'broken',
      working_alternative: works ? rec.working : null,
      failures: failures.map((f) => ({
        alternative: f.alternative,
        status: f.status,
        code: f.code,
        message: f.message,
        count: f.count,
        last_at: new Date(f.last_at).toISOString(),
      })),
    });
  }
  return out.slice(0, 20);
}

let writes: Promise<unknown> = Promise.resolve();

/** Records one task's report (one write at a time: results may arrive together). */
export function recordNetworkReport(
  report: NetworkReport | undefined,
  mapVersion: number,
  now: number,
  run?: RunOutcome,
): Promise<unknown> {
  if (!report) return writes;
  writes = writes
    .then(async () =>
      networkHealthItem.setValue(
        mergeReport(await networkHealthItem.getValue(), report, mapVersion, now, run),
      ),
    )
    .catch(() => {});
  return writes;
}
