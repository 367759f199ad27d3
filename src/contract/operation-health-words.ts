import type { OperationHealth } from './agent.js';
import type { OperationHealthView } from './operation-health-view.js';
import { manyWords, type TaskType } from './task-kinds.js';

/**
 * An operation's health as people read it, the same words in the dashboard's notice and the
 * operator CLI: "profile fetches: headline missing in 100 % since 14:02, map version 3", the
 * operation named by its kind's words (task-kinds.ts). Free of zod: the dashboard's bundle carries
 * no schema library. One line per missing field of a call (the ways that lacked it named
 * together) and per failing way of an operation; `time` formats an ISO time. A way that failed only
 * as `network_changed` because its answers lacked a field is said by that field's line already. An
 * operation whose state is unknown is one line: what was last reported is no longer known to hold.
 */
export function operationHealthLines(
  h: OperationHealth | OperationHealthView,
  time: (iso: string) => string,
): string[] {
  const what = manyWords(h.operation as TaskType);
  if (h.state === 'unknown') {
    const reported = h.last_reported_at
      ? `, last reported not whole at ${time(h.last_reported_at)}`
      : '';
    return [
      `${what}: unknown since ${time(h.unknown_since ?? h.last_at)}${reported}, map version ${h.map_version} ` +
        '(no report names it and no whole answer of it was seen)',
    ];
  }
  const fields = new Map<
    string,
    { call: string; field: string; ways: string[]; results: number; missing: number; since: string }
  >();
  for (const f of h.missing_fields) {
    const key = `${f.call} ${f.field}`;
    const known = fields.get(key);
    if (!known) {
      fields.set(key, {
        call: f.call,
        field: f.field,
        ways: [f.alternative],
        results: f.results,
        missing: f.missing,
        since: f.since,
      });
      continue;
    }
    if (!known.ways.includes(f.alternative)) known.ways.push(f.alternative);
    known.results += f.results;
    known.missing += f.missing;
    if (Date.parse(f.since) < Date.parse(known.since)) known.since = f.since;
  }
  const lines = [...fields.values()].map(
    (f) =>
      `${what}: ${f.field} missing in ${Math.round((100 * f.missing) / Math.max(f.results, 1))} % ` +
      `since ${time(f.since)}, map version ${h.map_version} (${f.call} by ${f.ways.join(', ')})`,
  );
  const saidByAField = (call: string, alternative: string) =>
    h.missing_fields.some((f) => f.call === call && f.alternative === alternative);
  for (const w of h.failed_ways) {
    if (w.status === null && w.code === 'network_changed' && saidByAField(w.call, w.alternative))
      continue;
    lines.push(
      `${what}: ${w.alternative} (${w.call}) failing ${w.status === null ? w.code : `HTTP ${w.status}`} ` +
        `${w.count}× since ${time(w.since)}, map version ${h.map_version}`,
    );
  }
  if (lines.length === 0) {
    lines.push(`${what}: ${h.state} since ${time(h.since)}, map version ${h.map_version}`);
  }
  return lines;
}
