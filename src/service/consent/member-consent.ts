import { PREPARED, type Database, type Queryable } from '../db/database.js';
import type { ConsentView } from '../../contract/consent.js';
import type { TaskType } from '../../contract/task-types.js';
import { HttpError } from '../http/http-error.js';
import { iso } from '../tasks/task-row.js';
import { manyWords } from '../../contract/task-kinds.js';
import { consentText, type ConsentText } from './consent-text.js';
import { credentialsChanged } from '../auth/credential-cache.js';

/** One member's consent: the text they are asked now, and what they acknowledged and refused. */
export interface MemberConsent {
  current: ConsentText;
  acknowledgedVersion: string | null;
  acknowledgedAt: Date | null;
  refusedTypes: TaskType[];
  /** They acknowledged the current version: the service may hand them tasks. */
  acknowledged: boolean;
}

interface ConsentRow {
  consent_version: string | null;
  consent_acknowledged_at: Date | null;
  refused_types: TaskType[];
}

/** The columns every reader of a member's consent selects (`m` the membership). */
export const CONSENT_COLUMNS = 'm.consent_version, m.consent_acknowledged_at, m.refused_types';

/** One text for every member, built once. */
const current = consentText();

export function toConsent(row: ConsentRow): MemberConsent {
  return {
    current,
    acknowledgedVersion: row.consent_version,
    acknowledgedAt: row.consent_acknowledged_at,
    refusedTypes: row.refused_types ?? [],
    acknowledged: row.consent_version === current.version,
  };
}

/** The member's consent, or null for no such member of the team. */
export async function loadConsent(
  db: Queryable,
  teamId: string,
  userId: string,
): Promise<MemberConsent | null> {
  const [row] = await db.query<ConsentRow>(
    `SELECT ${CONSENT_COLUMNS} FROM memberships m WHERE m.team_id = $1 AND m.user_id = $2`,
    [teamId, userId],
    PREPARED,
  );
  return row ? toConsent(row) : null;
}

export function consentView(c: MemberConsent): ConsentView {
  return {
    version: c.current.version,
    text: c.current.text,
    task_types: c.current.task_types,
    acknowledged_version: c.acknowledgedVersion,
    acknowledged_at: iso(c.acknowledgedAt),
    refused_types: c.refusedTypes,
  };
}

/** The claim's 403 while the member has not acknowledged the current text. */
export function consentRequired(c: MemberConsent | null): HttpError {
  const why = c?.acknowledgedVersion
    ? `the text changed since you acknowledged version ${c.acknowledgedVersion}; acknowledge version ${c.current.version} in the extension's popup`
    : "acknowledge what runs in your name in the extension's popup first";
  return new HttpError(403, `Consent required: ${why}`);
}

/**
 * Records the acknowledgement of `version` and the kinds refused, in one transaction with failing
 * the member's waiting tasks of the refused kinds: routed to them alone, those can never run.
 * A version that is not the current one is refused: the member saw another text.
 */
export async function acknowledgeConsent(
  db: Database,
  teamId: string,
  userId: string,
  body: { version: string; refused_types?: TaskType[] },
): Promise<MemberConsent> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<ConsentRow>(
      `SELECT ${CONSENT_COLUMNS} FROM memberships m WHERE m.team_id = $1 AND m.user_id = $2 FOR UPDATE OF m`,
      [teamId, userId],
    );
    if (!row) throw new HttpError(404, 'Member not found');
    const before = toConsent(row);
    if (body.version !== before.current.version) {
      throw new HttpError(
        409,
        `Consent text changed: the current version is ${before.current.version}; read it again (GET /agent/consent) and acknowledge that one`,
      );
    }
    const refused = body.refused_types ? [...new Set(body.refused_types)] : before.refusedTypes;
    const [saved] = await tx.query<ConsentRow>(
      `UPDATE memberships m SET consent_version = $3, consent_acknowledged_at = now(), refused_types = $4
        WHERE m.team_id = $1 AND m.user_id = $2
        RETURNING ${CONSENT_COLUMNS}`,
      [teamId, userId, body.version, refused],
    );
    await failRefusedTasks(tx, teamId, userId);
    return toConsent(saved!);
  });
}

/**
 * Withdraws the acknowledgement: nothing is handed to the member until they acknowledge again, and
 * every instance forgets that they had acknowledged (auth/credential-cache.ts).
 */
export async function withdrawConsent(
  db: Queryable,
  teamId: string,
  userId: string,
): Promise<MemberConsent | null> {
  const [row] = await db.query<ConsentRow>(
    `UPDATE memberships m SET consent_version = NULL, consent_acknowledged_at = NULL
      WHERE m.team_id = $1 AND m.user_id = $2
      RETURNING ${CONSENT_COLUMNS}`,
    [teamId, userId],
  );
  if (row) await credentialsChanged(db, { user: userId });
  return row ? toConsent(row) : null;
}

/** Why a task of `type` routed to this member alone fails (the code is `refused_by_member`). */
function refusalMessage(email: string, type: TaskType): string {
  return `${email} turned off ${manyWords(type)} for their account in their extension, and the task was routed to them alone: it never runs in their name. Queue it for another member, or ask them.`;
}

/**
 * Fails the member's waiting tasks of the kinds they refuse (`taskId`: only that one, just queued),
 * visible to the API user as `refused_by_member`, never silently dropped. Answers the ids failed.
 */
export async function failRefusedTasks(
  db: Queryable,
  teamId: string,
  userId: string,
  taskId: string | null = null,
): Promise<string[]> {
  const [member] = await db.query<{ email: string; refused_types: TaskType[] }>(
    'SELECT email, refused_types FROM memberships WHERE team_id = $1 AND user_id = $2',
    [teamId, userId],
  );
  if (!member || member.refused_types.length === 0) return [];
  const messages = Object.fromEntries(
    member.refused_types.map((t) => [t, refusalMessage(member.email, t)]),
  );
  const rows = await db.query<{ id: string }>(
    `UPDATE tasks
        SET status = 'failed', lease_expires_at = NULL, updated_at = now(), finished_at = now(),
            error = jsonb_build_object('code', 'refused_by_member', 'message', $3::jsonb ->> type)
      WHERE team_id = $1 AND assigned_user_id = $2 AND status IN ('awaiting_approval', 'pending') AND type = ANY($4::text[])
        AND ($5::uuid IS NULL OR id = $5)
      RETURNING id`,
    [teamId, userId, JSON.stringify(messages), member.refused_types, taskId],
  );
  return rows.map((r) => r.id);
}
