import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { DEFAULT_WARM_UP, type WarmUpSettings } from '../../contract/account-health.js';
import type { PatchTeamBody } from '../../contract/budget-settings.js';

/**
 * A team's warm-up of new members' accounts (docs/budgets.md, "Warm-up"): the team's own settings
 * where they differ from the defaults, and an admin's changes to them and to one member's warm-up.
 * A member's warm-up starts at their account's first heartbeat (budget-factor.ts warmUpStartSet).
 */

const RISK = 'send "i_accept_the_risk": true to allow it';

function effectiveWarmUp(stored: unknown): WarmUpSettings {
  return { ...DEFAULT_WARM_UP, ...((stored ?? {}) as Partial<WarmUpSettings>) };
}

export async function loadWarmUp(db: Queryable, teamId: string): Promise<WarmUpSettings> {
  const [row] = await db.query<{ warm_up: unknown }>('SELECT warm_up FROM teams WHERE id = $1', [
    teamId,
  ]);
  return effectiveWarmUp(row?.warm_up);
}

/**
 * Applies PATCH /api-team's `warm_up` (null returns to the defaults), merged per field. Stricter
 * than the default (on, longer, a lower start) is always allowed; looser (off, shorter, a higher
 * start) needs the risk accepted, else 400 naming the field. It holds for members whose accounts
 * check in from now on; warm-ups under way keep their course.
 */
export async function patchWarmUp(
  tx: Queryable,
  teamId: string,
  body: PatchTeamBody,
): Promise<void> {
  if (body.warm_up === undefined) return;
  const [row] = await tx.query<{ warm_up: Partial<WarmUpSettings> }>(
    'SELECT warm_up FROM teams WHERE id = $1 FOR UPDATE',
    [teamId],
  );
  let stored: Partial<WarmUpSettings> = body.warm_up === null ? {} : { ...(row?.warm_up ?? {}) };
  if (body.warm_up) {
    const change = body.warm_up;
    if (!body.i_accept_the_risk) {
      if (change.enabled === false && DEFAULT_WARM_UP.enabled) {
        throw new HttpError(
          400,
          `Invalid 'warm_up.enabled': false gives new members' accounts the team's full budgets from their first day; ${RISK}`,
        );
      }
      if (change.days !== undefined && change.days < DEFAULT_WARM_UP.days) {
        throw new HttpError(
          400,
          `Invalid 'warm_up.days': ${change.days} is shorter than the default of ${DEFAULT_WARM_UP.days}; ${RISK}`,
        );
      }
      if (change.start_factor !== undefined && change.start_factor > DEFAULT_WARM_UP.start_factor) {
        throw new HttpError(
          400,
          `Invalid 'warm_up.start_factor': ${change.start_factor} is above the default of ${DEFAULT_WARM_UP.start_factor}; ${RISK}`,
        );
      }
    }
    for (const field of ['enabled', 'days', 'start_factor'] as const) {
      const value = change[field];
      if (value === undefined) continue;
      if (value === DEFAULT_WARM_UP[field]) delete stored[field];
      else stored = { ...stored, [field]: value };
    }
  }
  await tx.query('UPDATE teams SET warm_up = $2 WHERE id = $1', [teamId, JSON.stringify(stored)]);
}

/**
 * An admin ends a member's warm-up now (PATCH /api-team-members/warm-up): their account gets the
 * team's full write budgets at once, so only with the risk accepted. An account that has not
 * checked in yet will not start one; an ended warm-up is left as is. False when no member of that
 * e-mail is in the team.
 */
export async function endWarmUp(
  db: Queryable,
  teamId: string,
  email: string,
  riskAccepted: boolean,
): Promise<boolean> {
  if (!riskAccepted) {
    throw new HttpError(
      400,
      `Invalid 'ends_now': ending ${email}'s warm-up gives their account the team's full budgets at once; ${RISK}`,
    );
  }
  const rows = await db.query(
    `UPDATE memberships SET warm_up_started_at = coalesce(warm_up_started_at, now()),
            warm_up_ends_at = CASE WHEN warm_up_ends_at IS NULL OR warm_up_ends_at > now() THEN now() ELSE warm_up_ends_at END
      WHERE team_id = $1 AND email = $2 RETURNING email`,
    [teamId, email],
  );
  return rows.length > 0;
}
