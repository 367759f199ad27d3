import type { Config } from '../config.js';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { takeOne } from '../auth/rate-counters.js';

/**
 * Invitation mails go to any address an admin types, and anyone can sign up and be an admin: at
 * most INVITATIONS_PER_TEAM_DAY per team per UTC day. Run in the invitation's transaction, so an
 * invitation refused for another reason (409) does not count.
 */
export async function takeInvitation(tx: Queryable, config: Config, teamId: string) {
  const limit = config.INVITATIONS_PER_TEAM_DAY;
  const wait = await takeOne(tx, 'invitations:team', teamId, 'utc-day', limit);
  if (wait !== null)
    throw new HttpError(
      429,
      `This team has sent its ${limit} invitations for today; invite again after 00:00 UTC (in ${wait} seconds)`,
      { 'Retry-After': String(wait) },
    );
}
