import type { Queryable } from '../db/database.js';
import { WRITE_TYPES_SQL } from './budget-factor.js';
import type { HealthInputs } from './account-health.js';
import { ACCEPTED_SQL, PENDING_SQL } from './invitation-acceptance.js';

/**
 * What the health of a team's members' accounts is computed from (account-health.ts), read for
 * many members in a few statements: their invitations (sent_invitations), and their tasks that
 * failed or wrote lately (the indexes tasks_member_use and tasks_member_failures, migration 040).
 */

/** The network's signals about the account itself: a security check, and its limits. */
const CHALLENGE = `'network_challenge'`;
const LIMITS = `'network_rate_limited', 'invitation_limit'`;
/**
 * Failures that say nothing of the account: one target refused or gone, a person already
 * connected or invited, the member's own stop, a lost extension, and the signals counted apart.
 */
const NOT_THE_ACCOUNT = `'not_found', 'access_denied', 'not_first_degree', 'already_connected', 'invitation_pending',
  'invitation_not_found', 'paused_by_user', 'agent_lost', ${CHALLENGE}, ${LIMITS}`;

const INVITATIONS = `SELECT user_id::text,
    count(*) FILTER (WHERE sent_at > now() - interval '30 days')::int AS sent,
    count(*) FILTER (WHERE sent_at > now() - interval '30 days' AND ${ACCEPTED_SQL})::int AS accepted,
    count(*) FILTER (WHERE ${PENDING_SQL})::int AS pending
  FROM sent_invitations WHERE team_id = $1 AND user_id = ANY($2::uuid[]) GROUP BY user_id`;

const FAILURES = `SELECT claimed_by::text AS user_id,
    count(*) FILTER (WHERE error ->> 'code' = ${CHALLENGE})::int AS challenges,
    count(*) FILTER (WHERE error ->> 'code' IN (${LIMITS}))::int AS limits,
    count(*) FILTER (WHERE finished_at > now() - interval '7 days' AND (type || '') = ANY(${WRITE_TYPES_SQL})
                       AND coalesce(error ->> 'code', '') NOT IN (${NOT_THE_ACCOUNT}))::int AS write_failures,
    count(*) FILTER (WHERE finished_at > now() - interval '7 days' AND (type || '') = ANY(${WRITE_TYPES_SQL}))::int AS failed_writes
  FROM tasks WHERE claimed_by = ANY($1::uuid[]) AND status = 'failed' AND finished_at > now() - interval '14 days'
  GROUP BY claimed_by`;

const WRITES = `SELECT claimed_by::text AS user_id, count(*)::int AS completed
  FROM tasks WHERE claimed_by = ANY($1::uuid[]) AND status = 'completed' AND finished_at > now() - interval '7 days'
   AND (type || '') = ANY(${WRITE_TYPES_SQL})
  GROUP BY claimed_by`;

/** The newest connections read of the last 30 days that said how many there are. */
const CONNECTIONS = `SELECT DISTINCT ON (claimed_by) claimed_by::text AS user_id, (output ->> 'total')::int AS total
  FROM tasks WHERE claimed_by = ANY($1::uuid[]) AND status = 'completed' AND finished_at > now() - interval '30 days'
   AND type = 'agent_connections_fetch' AND jsonb_typeof(output -> 'total') = 'number'
  ORDER BY claimed_by, finished_at DESC`;

/** Each member's health inputs, for members of one team. */
export async function readHealthInputs(
  db: Queryable,
  teamId: string,
  userIds: string[],
): Promise<Map<string, HealthInputs>> {
  const [invitations, failures, writes, connections] = await Promise.all([
    db.query<{ user_id: string; sent: number; accepted: number; pending: number }>(INVITATIONS, [
      teamId,
      userIds,
    ]),
    db.query<{
      user_id: string;
      challenges: number;
      limits: number;
      write_failures: number;
      failed_writes: number;
    }>(FAILURES, [userIds]),
    db.query<{ user_id: string; completed: number }>(WRITES, [userIds]),
    db.query<{ user_id: string; total: number }>(CONNECTIONS, [userIds]),
  ]);
  const out = new Map<string, HealthInputs>();
  for (const id of userIds) {
    const inv = invitations.find((r) => r.user_id === id);
    const fail = failures.find((r) => r.user_id === id);
    out.set(id, {
      sent30d: inv?.sent ?? 0,
      accepted30d: inv?.accepted ?? 0,
      pending: inv?.pending ?? 0,
      challenges14d: fail?.challenges ?? 0,
      limits14d: fail?.limits ?? 0,
      connections: connections.find((r) => r.user_id === id)?.total ?? null,
      writes7d: (writes.find((r) => r.user_id === id)?.completed ?? 0) + (fail?.failed_writes ?? 0),
      writeFailures7d: fail?.write_failures ?? 0,
    });
  }
  return out;
}
