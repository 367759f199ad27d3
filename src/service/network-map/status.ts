import type { Queryable } from '../db/database.js';
import type { NetworkMapStatus } from '../../contract/operator.js';

/** The maps kept at most in the status: the newest ones, where a rollback looks. */
const MAPS_SHOWN = 10;

/**
 * Which maps are published and which extension runs which version, as each said in its last
 * heartbeat (`network_map_version`): how the operator sees a publication arrive everywhere.
 */
export async function networkMapStatus(db: Queryable): Promise<NetworkMapStatus> {
  const maps = await db.query<{
    version: number;
    format: number;
    copied_from: number | null;
    created_at: Date | string;
  }>(
    `SELECT version, format, copied_from, created_at FROM network_maps
      ORDER BY version DESC LIMIT ${MAPS_SHOWN}`,
  );
  const extensions = await db.query<{
    team_id: string;
    team_name: string;
    member_email: string;
    extension_version: string | null;
    network_map_version: number | null;
    last_heartbeat_at: Date | string;
  }>(
    `SELECT m.team_id, t.name AS team_name, m.email AS member_email, m.extension_version,
            m.network_map_version, m.last_heartbeat_at
       FROM memberships m JOIN teams t ON t.id = m.team_id
      WHERE m.last_heartbeat_at IS NOT NULL
      ORDER BY m.network_map_version DESC NULLS LAST, m.last_heartbeat_at DESC`,
  );
  return {
    maps: maps.map((m) => ({ ...m, created_at: iso(m.created_at) })),
    extensions: extensions.map((e) => ({ ...e, last_heartbeat_at: iso(e.last_heartbeat_at) })),
  };
}

function iso(v: Date | string): string {
  return new Date(v).toISOString();
}
