import type { Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';
import { NETWORK_MAP_FORMAT, NetworkMap } from '../../contract/network-map.js';
import type { HeartbeatBody } from '../../contract/agent.js';

/** docs/agent-protocol.md "Liveness": what an agent reports every heartbeat, kept on its membership. */
export async function recordHeartbeat(
  db: Queryable,
  teamId: string,
  userId: string,
  hb: HeartbeatBody,
): Promise<{ becameEligible: boolean }> {
  const [row] = await db.query<{ was_eligible: boolean }>(
    `WITH before AS (
       SELECT network_signed_in IS NOT FALSE AND paused IS NOT TRUE AS was_eligible
         FROM memberships WHERE team_id = $1 AND user_id = $2)
     UPDATE memberships
        SET extension_version = $3, browser = $4, network_signed_in = $5, network_member_urn = $6,
            network_public_identifier = $7, paused = $8, pause_reason = $9,
            paused_at = CASE WHEN $8 THEN COALESCE(paused_at, now()) END,
            network_map_version = $10, network_health = $11,
            last_heartbeat_at = now(), last_active_at = now()
      WHERE team_id = $1 AND user_id = $2
      RETURNING (SELECT was_eligible FROM before) AS was_eligible`,
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
    ],
  );
  const eligible = hb.network.signed_in && !hb.paused;
  return { becameEligible: eligible && row?.was_eligible === false };
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
