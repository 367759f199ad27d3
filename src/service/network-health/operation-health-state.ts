import type { OperationHealth } from '../../contract/agent.js';
import type { OperationHealthView } from '../../contract/operation-health-view.js';

/** An operation's health as kept on the membership row: the report's entry, or it marked unknown. */
export type KeptOperationHealth = Omit<OperationHealth, 'state'> & {
  state: OperationHealthView['state'];
  unknown_since?: string;
  last_reported_at?: string;
};

/** What a heartbeat changes: the health kept, the operations that entered it and that recovered. */
export interface OperationHealthMove {
  kept: KeptOperationHealth[];
  degraded: OperationHealth[];
  recovered: string[];
}

/**
 * A completed run must be younger than this to count as whole: the extension forgets a run that was
 * not whole after a day (src/agent/network-health.ts), so within it a run that was not whole would
 * still be in the report. An hour less leaves room for the two clocks to differ.
 */
export const WHOLE_RUN_WINDOW_MS = 23 * 60 * 60 * 1000;

/**
 * The states of one operation of one member's extension, and the moves between them, at each
 * heartbeat:
 *
 * - absent (whole, or never seen) → `degraded`/`broken` when the report names it: `network.degraded`.
 * - `degraded`/`broken` → the state the report gives while it names it: nothing sent.
 * - `degraded`/`broken`/`unknown` → `unknown` when the heartbeat does not name it and nothing shows
 *   its answers are whole: the extension forgets an operation unused for a day, starts afresh with
 *   a new map version, and sends no report at all without the member's consent to diagnostics.
 * - → absent (`network.recovered`) only on evidence: the heartbeat carries a report that does not
 *   name it, and the member completed a run of it after the last heartbeat that named it and
 *   within `WHOLE_RUN_WINDOW_MS`. A run that was not whole would have kept it in that report.
 * - `unknown` → `degraded`/`broken` when the report names it again: nothing sent, as it never
 *   recovered.
 */
export function nextOperationHealth(input: {
  previous: KeptOperationHealth[];
  /** The heartbeat's `operation_health`; undefined when it sent none. */
  report: OperationHealth[] | undefined;
  /** When the heartbeat before this one came. */
  previousHeartbeatAt: Date | null;
  /** The latest completed run of an operation by the member. */
  lastCompletedRun: (operation: string) => Date | undefined;
  now: Date;
}): OperationHealthMove {
  const { previous, report, now } = input;
  const named = new Set((report ?? []).map((h) => h.operation));
  const before = new Set(previous.map((h) => h.operation));
  const move: OperationHealthMove = {
    kept: [...(report ?? [])],
    degraded: (report ?? []).filter((h) => !before.has(h.operation)),
    recovered: [],
  };
  for (const h of previous) {
    if (named.has(h.operation)) continue;
    const lastReportedAt =
      h.last_reported_at ?? input.previousHeartbeatAt?.toISOString() ?? h.last_at;
    const run = input.lastCompletedRun(h.operation);
    const whole =
      report !== undefined &&
      run !== undefined &&
      run.getTime() > Date.parse(lastReportedAt) &&
      now.getTime() - run.getTime() < WHOLE_RUN_WINDOW_MS;
    if (whole) move.recovered.push(h.operation);
    else {
      move.kept.push({
        ...h,
        state: 'unknown',
        unknown_since: h.unknown_since ?? now.toISOString(),
        last_reported_at: lastReportedAt,
      });
    }
  }
  return move;
}

/** A kept entry as the API shows it. */
export function operationHealthView(h: KeptOperationHealth): OperationHealthView {
  return {
    ...h,
    unknown_since: h.unknown_since ?? null,
    last_reported_at: h.last_reported_at ?? null,
  };
}
