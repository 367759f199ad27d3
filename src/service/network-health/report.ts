import type { Queryable } from '../db/database.js';
import type { NetworkHealthReport } from '../../contract/operator.js';
import { type KeptOperationHealth, operationHealthView } from './operation-health-state.js';

/**
 * For the operator: every extension, of every team, with an operation not known to be whole: named
 * by its report, or unknown since its report stopped naming it (operation-health-state.ts).
 */
export async function networkHealthReport(db: Queryable): Promise<NetworkHealthReport> {
  const rows = await db.query<{
    team_id: string;
    team_name: string;
    member_email: string;
    extension_version: string | null;
    network_map_version: number | null;
    last_heartbeat_at: Date | string | null;
    operation_health: KeptOperationHealth[];
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
      operation_health: r.operation_health.map(operationHealthView),
    })),
  };
}
