import type { OperationHealth } from './agent.js';
import { manyWords, type TaskType } from './task-kinds.js';

/**
 * An operation's health as people read it, the same words in the dashboard's notice and the
 * operator CLI: "profile fetches: headline missing in 100 % since 14:02, map version 3", the
 * operation named by its kind's words (task-kinds.ts). Free of zod: the dashboard's bundle carries
 * no schema library. One line per missing field and per failing way of an operation; `time`
 * formats an ISO time.
 */
export function operationHealthLines(h: OperationHealth, time: (iso: string) => string): string[] {
  const what = manyWords(h.operation as TaskType);
  const lines = h.missing_fields.map(
    (f) =>
      `${what}: ${f.field} missing in ${Math.round((100 * f.missing) / Math.max(f.results, 1))} % ` +
      `since ${time(f.since)}, map version ${h.map_version} (${f.call} by ${f.alternative})`,
  );
  for (const w of h.failed_ways) {
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
