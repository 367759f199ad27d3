import type { Queryable } from '../db/database.js';
import type { TaskType } from '../../contract/task-types.js';
import { WRITE_TYPES } from '../../contract/budgets.js';
import type { PauseSignal, TeamPausedEvent, WritesPaused } from '../../contract/team-pause.js';
import { enqueueTeamEvent } from '../webhooks/store.js';
import { TEAM_CHANGE_CHANNEL } from '../live/team-changes.js';
import { iso } from '../tasks/task-row.js';
import { TEAM_PAUSE_HOURS } from './held-kinds.js';

/**
 * The team stops together (docs/budgets.md): when the network shows one member a security check or
 * rate-limits them, the others running the same work are next, so every member's writes of the
 * kinds that member's extension stopped wait for TEAM_PAUSE_HOURS. Both signals stop every kind at
 * the member (docs/agent-protocol.md "Safety stops"), so the team pauses every write kind; reads go
 * on. The claim reads the pause in its own statement (held-kinds.ts).
 */

const PAUSED_KINDS: Record<PauseSignal, readonly TaskType[]> = {
  network_challenge: WRITE_TYPES,
  network_rate_limited: WRITE_TYPES,
};

/** The signal an error code or a heartbeat's `pause_reason` ("network_challenge until …") carries, or null. */
export function pauseSignal(codeOrReason: string | null | undefined): PauseSignal | null {
  const code = codeOrReason?.split(' ')[0];
  return code === 'network_challenge' || code === 'network_rate_limited' ? code : null;
}

interface PauseRow {
  id: string;
  name: string;
  team_stops_together: boolean;
  writes_paused_until: Date | null;
  writes_paused_types: TaskType[];
  writes_paused_at: Date | null;
  writes_paused_reason: PauseSignal | null;
  member_email: string | null;
  active: boolean;
}

const PAUSE_COLUMNS = `t.id, t.name, t.team_stops_together, t.writes_paused_until, t.writes_paused_types,
  t.writes_paused_at, t.writes_paused_reason, t.writes_paused_until > now() AS active,
  (SELECT m.email FROM memberships m WHERE m.team_id = t.id AND m.user_id = t.writes_paused_by) AS member_email`;

function view(row: PauseRow): WritesPaused | null {
  if (!row.active || !row.writes_paused_until || !row.writes_paused_reason) return null;
  return {
    kinds: row.writes_paused_types,
    signal: row.writes_paused_reason,
    member_email: row.member_email,
    since: iso(row.writes_paused_at ?? row.writes_paused_until)!,
    until: iso(row.writes_paused_until)!,
  };
}

/** The team's pause of writes while it lasts, else null. */
export async function writesPause(db: Queryable, teamId: string): Promise<WritesPaused | null> {
  const [row] = await db.query<PauseRow>(`SELECT ${PAUSE_COLUMNS} FROM teams t WHERE t.id = $1`, [
    teamId,
  ]);
  return row ? view(row) : null;
}

/**
 * Member `userId` met `signal`: unless the team turned it off, every member's writes pause from now
 * for TEAM_PAUSE_HOURS (a pause under way is extended and widened, never shortened). Admins learn it
 * in the transaction of the signal: the live stream's `members` change (the dashboard's notice) and
 * a `team.paused` webhook, sent when the pause begins or widens to more kinds.
 */
export async function pauseTeamWrites(
  tx: Queryable,
  teamId: string,
  userId: string,
  signal: PauseSignal,
): Promise<void> {
  const [before] = await tx.query<PauseRow>(
    `SELECT ${PAUSE_COLUMNS} FROM teams t WHERE t.id = $1 FOR UPDATE`,
    [teamId],
  );
  if (!before?.team_stops_together) return;
  const kinds = PAUSED_KINDS[signal];
  const wider = !before.active || kinds.some((k) => !before.writes_paused_types.includes(k));
  const [after] = await tx.query<PauseRow>(
    `UPDATE teams t
        SET writes_paused_until = greatest(CASE WHEN t.writes_paused_until > now() THEN t.writes_paused_until END,
                                           now() + make_interval(hours => ${TEAM_PAUSE_HOURS})),
            writes_paused_types = CASE WHEN t.writes_paused_until > now()
                                       THEN ARRAY(SELECT DISTINCT k FROM unnest(t.writes_paused_types || $2::text[]) AS k ORDER BY k)
                                       ELSE $2::text[] END,
            writes_paused_at = CASE WHEN t.writes_paused_until > now() THEN t.writes_paused_at ELSE now() END,
            writes_paused_reason = $3, writes_paused_by = $4
      WHERE t.id = $1
      RETURNING ${PAUSE_COLUMNS}`,
    [teamId, kinds, signal, userId],
  );
  if (!after || !wider) return;
  const paused = view(after)!;
  const event: TeamPausedEvent = {
    team: { id: after.id, name: after.name },
    member: { id: userId, email: paused.member_email },
    signal,
    kinds: paused.kinds,
    paused_at: paused.since,
    paused_until: paused.until,
  };
  await enqueueTeamEvent(tx, teamId, 'team.paused', event);
  await tx.query('SELECT pg_notify($1, $2::text || $3)', [TEAM_CHANGE_CHANNEL, teamId, ' members']);
}

/** Ends the team's pause now (an admin who accepted the risk); false when none was under way. */
export async function resumeTeamWrites(tx: Queryable, teamId: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE teams SET writes_paused_until = NULL, writes_paused_types = '{}', writes_paused_at = NULL,
            writes_paused_reason = NULL, writes_paused_by = NULL
      WHERE id = $1 AND writes_paused_until > now() RETURNING id`,
    [teamId],
  );
  if (rows.length) {
    await tx.query('SELECT pg_notify($1, $2::text || $3)', [
      TEAM_CHANGE_CHANNEL,
      teamId,
      ' members',
    ]);
  }
  return rows.length > 0;
}
