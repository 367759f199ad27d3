import type { Queryable } from '../db/database.js';
import { enqueueTeamEvent } from '../webhooks/store.js';
import type { OperationHealthMove } from './operation-health-state.js';

/**
 * docs/webhooks.md: `network.degraded` when an operation enters a member's extension's health
 * report (its answers lack a required field, or a way of it fails), `network.recovered` when its
 * answers are seen whole again (operation-health-state.ts: a report that no longer names it is not
 * enough, a run of it completed since is needed). An operation that stays in the report, or whose
 * state turns unknown, sends nothing.
 */
export async function announceOperationHealth(
  tx: Queryable,
  teamId: string,
  report: {
    member: { id: string; email: string };
    extensionVersion: string;
    move: OperationHealthMove;
  },
): Promise<void> {
  const { move } = report;
  const common = { member: report.member, extension_version: report.extensionVersion };
  if (move.degraded.length > 0) {
    await enqueueTeamEvent(tx, teamId, 'network.degraded', {
      ...common,
      operations: move.degraded,
    });
  }
  if (move.recovered.length > 0) {
    await enqueueTeamEvent(tx, teamId, 'network.recovered', {
      ...common,
      operations: move.recovered,
      still_degraded: move.kept.filter((h) => h.state !== 'unknown').map((h) => h.operation),
      still_unknown: move.kept.filter((h) => h.state === 'unknown').map((h) => h.operation),
    });
  }
}
