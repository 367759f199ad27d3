import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';

/** Spec, Authentication 6 and docs/agent-protocol.md "Liveness": the 48-hour rule. */
export const AGENT_ACTIVE_HOURS = 48;

export const PLUGIN_REQUIRED_MESSAGE =
  'Plugin installation required: network operations run in the browser extension of a team member, ' +
  `and no member of this team has had the extension active in the last ${AGENT_ACTIVE_HOURS} hours. ` +
  'Install the extension, sign in with your team e-mail and keep the browser open; calls are accepted again ' +
  `as soon as any member's extension has checked in within ${AGENT_ACTIVE_HOURS} hours.`;

/** 403 `Plugin installation required: …` unless some member's agent was active within 48 hours. */
export async function assertTeamAgentActive(db: Queryable, teamId: string): Promise<void> {
  const rows = await db.query(
    `SELECT 1 FROM memberships
      WHERE team_id = $1 AND user_id IS NOT NULL
        AND last_active_at > now() - make_interval(hours => ${AGENT_ACTIVE_HOURS})
      LIMIT 1`,
    [teamId],
  );
  if (rows.length === 0) throw new HttpError(403, PLUGIN_REQUIRED_MESSAGE);
}

export interface RoutedMember {
  userId: string;
  email: string;
  inviteLimited: boolean;
}

/**
 * Spec "What the service does" 5: like, comment and connection requests run as the team's oldest
 * admin by date of joining; docs/agent-protocol.md adds fetch-connections and send-message.
 */
export async function oldestAdmin(db: Queryable, teamId: string): Promise<RoutedMember> {
  const [row] = await db.query<{ user_id: string; email: string; invite_limited: boolean }>(
    `SELECT user_id, email, COALESCE(invite_limited_until > now(), false) AS invite_limited
       FROM memberships
      WHERE team_id = $1 AND role = 'admin' AND user_id IS NOT NULL AND joined_at IS NOT NULL
      ORDER BY joined_at, email
      LIMIT 1`,
    [teamId],
  );
  if (!row) throw new HttpError(404, 'No admin user found in the team');
  return { userId: row.user_id, email: row.email, inviteLimited: row.invite_limited };
}
