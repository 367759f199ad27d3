import type { Queryable } from '../db/database.js';
import type { NetworkHealthReport } from '../../contract/operator.js';
import type { OperationHealth } from '../../contract/agent.js';

/** For the operator: every extension, of every team, whose last report names an operation. */
export async function networkHealthReport(db: Queryable): Promise<NetworkHealthReport> {
  const rows = await db.query<{
    team_id: string;
    team_name: string;
    member_email: string;
    extension_version: string | null;
    network_map_version: number | null;
    last_heartbeat_at: Date | string | null;
    operation_health: OperationHealth[];
  }>(
    `SELECT m.team_id, t.name AS team_name, m.email AS member_email, m.extension_version,
            m.network_map_version, m.last_heartbeat_at, m.operation_health
       FROM memberships m JOIN teams t ON t.id = m.team_id
      WHERE m.operation_health <> '[]'::jsonb
      ORDER BY t.name, m.email`,
  );
  return {
    extensions: rows.map((r) => ({
      ...r,
      last_heartbeat_at: r.last_heartbeat_at ? new Date(r.last_heartbeat_at).toISOString() : null,
    })),
  };
}
