import type { Queryable } from '../db/database.js';
import type { OperationHealth } from '../../contract/agent.js';
import { enqueueTeamEvent } from '../webhooks/store.js';

/**
 * docs/webhooks.md: `network.degraded` when an operation enters a member's extension's health
 * report (its answers lack a required field, or a way of it fails), `network.recovered` when one
 * leaves it (its answers are whole again, or a new map version started the report afresh and the
 * operation has not failed since). An operation that stays in the report sends nothing again.
 */
export async function announceOperationHealth(
  tx: Queryable,
  teamId: string,
  report: {
    member: { id: string; email: string };
    extensionVersion: string;
    previous: OperationHealth[];
    current: OperationHealth[];
  },
): Promise<void> {
  const before = new Set(report.previous.map((h) => h.operation));
  const now = new Set(report.current.map((h) => h.operation));
  const degraded = report.current.filter((h) => !before.has(h.operation));
  const recovered = [...before].filter((op) => !now.has(op));
  const common = { member: report.member, extension_version: report.extensionVersion };
  if (degraded.length > 0) {
    await enqueueTeamEvent(tx, teamId, 'network.degraded', {
      ...common,
      operations: degraded,
    });
  }
  if (recovered.length > 0) {
    await enqueueTeamEvent(tx, teamId, 'network.recovered', {
      ...common,
      operations: recovered,
      still_degraded: [...now],
    });
  }
}
