import { defineItem } from './storage-item.js';
import type { CallHealth } from '../contract/agent.js';
import type { NetworkCallName } from '../contract/network-map.js';
import type { NetworkReport } from '../network/types.js';
import { DAY } from './clock.js';

/**
 * Which calls of the network map have failed lately, from the reports the content script sends
 * with every task result. The heartbeat carries it to the service, so the team's dashboard shows
 * which operations are degraded for which extension version (docs/network-map.md, "Health").
 * A new map version starts afresh: it is what a failure report asks for.
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
export interface NetworkHealth {
  map_version: number;
  calls: Partial<Record<NetworkCallName, CallRecord>>;
}

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
): NetworkHealth {
  const next: NetworkHealth =
    health.map_version === mapVersion
      ? structuredClone(health)
      : { map_version: mapVersion, calls: {} };
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
): Promise<unknown> {
  if (!report || (!report.failed.length && !report.used.length)) return writes;
  writes = writes
    .then(async () =>
      networkHealthItem.setValue(
        mergeReport(await networkHealthItem.getValue(), report, mapVersion, now),
      ),
    )
    .catch(() => {});
  return writes;
}
