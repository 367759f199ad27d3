import { PREPARED, type Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';

/** docs/agent-protocol.md "Liveness": a team is agent-active when a member was seen within 48 hours. */
export const AGENT_ACTIVE_WINDOW_HOURS = 48;

const PLUGIN_REQUIRED_MESSAGE =
  'Plugin installation required: no member of your team has had the browser extension active in the last ' +
  `${AGENT_ACTIVE_WINDOW_HOURS} hours. Install the extension, sign in with your e-mail and keep it running; ` +
  'network operations are accepted again as soon as it checks in.';

/** SQL, true when the team whose id is the parameter `teamParam` (`$1::uuid`) is agent-active. */
export const agentActiveSql = (teamParam: string) =>
  `EXISTS (SELECT 1 FROM memberships
            WHERE team_id = ${teamParam}
              AND last_active_at > now() - make_interval(hours => ${AGENT_ACTIVE_WINDOW_HOURS}))`;

/** The 403 of a network operation for a team that is not agent-active. */
export const notAgentActive = () => new HttpError(403, PLUGIN_REQUIRED_MESSAGE);

/** Every network operation of the public API: 403 `Plugin installation required: …` when not agent-active. */
export async function requireAgentActive(db: Queryable, teamId: string): Promise<void> {
  const [row] = await db.query<{ active: boolean }>(
    `SELECT ${agentActiveSql('$1::uuid')} AS active`,
    [teamId],
    PREPARED,
  );
  if (!row?.active) throw notAgentActive();
}
