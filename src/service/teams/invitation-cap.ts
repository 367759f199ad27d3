import type { Config } from '../config.js';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { takeOne } from '../auth/rate-counters.js';

/**
 * Invitation mails go to any address an admin types, and anyone can sign up and be an admin: at
 * most INVITATIONS_PER_MEMBER_DAY per inviting member and INVITATIONS_PER_TEAM_DAY per team, per
 * UTC day. Run in the invitation's transaction, so an invitation refused for another reason (409),
 * or by the other cap, does not count.
 */
export async function takeInvitation(
  tx: Queryable,
  config: Config,
  teamId: string,
  inviterId: string,
) {
  const perMember = config.INVITATIONS_PER_MEMBER_DAY;
  const memberWait = await takeOne(tx, 'invitations:member', inviterId, 'utc-day', perMember);
  if (memberWait !== null)
    throw new HttpError(
      429,
      `You have sent your ${perMember} invitations for today, the most one member may; invite again after 00:00 UTC (in ${memberWait} seconds)`,
      { 'Retry-After': String(memberWait) },
    );
  const perTeam = config.INVITATIONS_PER_TEAM_DAY;
  const teamWait = await takeOne(tx, 'invitations:team', teamId, 'utc-day', perTeam);
  if (teamWait !== null)
    throw new HttpError(
      429,
      `This team has sent its ${perTeam} invitations for today; invite again after 00:00 UTC (in ${teamWait} seconds)`,
      { 'Retry-After': String(teamWait) },
    );
}
