import type { Database, Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';
import { NETWORK_MAP_FORMAT, NetworkMap } from '../../contract/network-map.js';
import type { HeartbeatBody } from '../../contract/agent.js';
import { announceOperationHealth } from '../network-health/operation-health-events.js';
import {
  type KeptOperationHealth,
  nextOperationHealth,
} from '../network-health/operation-health-state.js';
import { lastCompletedRuns } from '../network-health/completed-runs.js';
import { TEAM_CHANGE_CHANNEL } from '../live/team-changes.js';
import { warmUpStartSet } from '../budgets/budget-factor.js';
import { pauseSignal, pauseTeamWrites } from '../budgets/team-pause.js';

/**
 * docs/agent-protocol.md "Liveness": what an agent reports every heartbeat, kept on its membership
 * (and, at the first that names the member's network account, the start of its warm-up).
 * The operations' health kept is the service's reading of the reports: an operation the report no
 * longer names is unknown until a completed run of it shows its answers whole
 * (network-health/operation-health-state.ts). An operation that enters the report, or recovers, is
 * announced to the team's webhooks in the same transaction (network-health/operation-health-events.ts).
 */
export async function recordHeartbeat(
  db: Database,
  teamId: string,
  userId: string,
  hb: HeartbeatBody,
): Promise<{ becameEligible: boolean }> {
  return db.transaction(async (tx) => {
    // The row is locked first, so two heartbeats of one member compare against each other's report.
    const [before] = await tx.query<{
      was_eligible: boolean;
      previous_health: KeptOperationHealth[] | string;
      previous_pause_reason: string | null;
      previous_heartbeat_at: Date | string | null;
    }>(
      `SELECT network_signed_in IS NOT FALSE AND paused IS NOT TRUE AS was_eligible,
              operation_health AS previous_health, pause_reason AS previous_pause_reason,
              last_heartbeat_at AS previous_heartbeat_at
         FROM memberships WHERE team_id = $1 AND user_id = $2 FOR UPDATE`,
      [teamId, userId],
    );
    const previous: KeptOperationHealth[] =
      typeof before?.previous_health === 'string'
        ? (JSON.parse(before.previous_health) as KeptOperationHealth[])
        : (before?.previous_health ?? []);
    const named = new Set((hb.operation_health ?? []).map((h) => h.operation));
    const runs = await lastCompletedRuns(
      tx,
      teamId,
      userId,
      previous.map((h) => h.operation).filter((op) => !named.has(op)),
    );
    const move = nextOperationHealth({
      previous,
      report: hb.operation_health,
      previousHeartbeatAt: before?.previous_heartbeat_at
        ? new Date(before.previous_heartbeat_at)
        : null,
      lastCompletedRun: (op) => runs.get(op),
      now: new Date(),
    });
    const [row] = await tx.query<{ email: string }>(
      `UPDATE memberships
        SET extension_version = $3, browser = $4, network_signed_in = $5, network_member_urn = $6,
            network_public_identifier = $7, paused = $8, pause_reason = $9,
            paused_at = CASE WHEN $8 THEN COALESCE(paused_at, now()) END,
            network_map_version = $10, network_health = $11, operation_health = $12,
            last_heartbeat_at = now(), last_active_at = now(),
            ${warmUpStartSet('$13::boolean', '$1')}
      WHERE team_id = $1 AND user_id = $2
      RETURNING email`,
      [
        teamId,
        userId,
        hb.extension_version,
        hb.browser,
        hb.network.signed_in,
        hb.network.member_urn ?? null,
        hb.network.public_identifier ?? null,
        hb.paused,
        hb.paused ? (hb.pause_reason ?? null) : null,
        hb.network_map_version ?? null,
        JSON.stringify(hb.network_health ?? []),
        JSON.stringify(move.kept),
        // docs/budgets.md "Warm-up": the account's first check-in with who it is starts its ramp.
        hb.network.signed_in && Boolean(hb.network.member_urn || hb.network.public_identifier),
      ],
    );
    if (row && before) {
      await announceOperationHealth(tx, teamId, {
        member: { id: userId, email: row.email },
        extensionVersion: hb.extension_version,
        move,
      });
      // Open dashboards show the report to admins: a changed one is a change of the member's row
      // (the row's trigger, 010_team_changes.sql, watches the other columns a person sees).
      await tx.query(
        `SELECT pg_notify($1, $2::text || ' members') WHERE $3::jsonb IS DISTINCT FROM $4::jsonb`,
        [TEAM_CHANGE_CHANNEL, teamId, JSON.stringify(previous), JSON.stringify(move.kept)],
      );
    }
    // A safety stop newly reported (docs/budgets.md "The team stops together"), not every heartbeat while it lasts.
    const reason = hb.paused ? (hb.pause_reason ?? null) : null;
    const signal = pauseSignal(reason);
    if (row && signal && reason !== before?.previous_pause_reason) {
      await pauseTeamWrites(tx, teamId, userId, signal);
    }
    const eligible = hb.network.signed_in && !hb.paused;
    return { becameEligible: eligible && before?.was_eligible === false };
  });
}

/**
 * The newest network map of the agent's format, when it is newer than the agent's. Extensions
 * before format 2 do not say their format: they read format 1. A stored map that does not pass the
 * contract is logged and not handed out: a broken map must never reach the extensions.
 */
export async function newerNetworkMap(
  db: Queryable,
  log: Logger,
  agentVersion: number,
  agentFormat = 1,
): Promise<NetworkMap | undefined> {
  if (agentFormat !== NETWORK_MAP_FORMAT) return undefined;
  const [row] = await db.query<{ version: number; map: Record<string, unknown> }>(
    'SELECT version, map FROM network_maps WHERE format = $1 ORDER BY version DESC LIMIT 1',
    [agentFormat],
  );
  if (!row || row.version <= agentVersion) return undefined;
  const parsed = NetworkMap.safeParse({ ...row.map, version: row.version });
  if (!parsed.success) {
    log.error('network_map_invalid', {
      version: row.version,
      message: parsed.error.issues[0]?.message,
    });
    return undefined;
  }
  return parsed.data;
}
