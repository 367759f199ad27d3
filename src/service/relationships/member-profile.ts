import type { ServiceContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import type { ProfileOutput } from '../../contract/task-outputs.js';
import type { CompletedTask } from '../tasks/completion-hooks.js';
import { enqueueTask } from '../tasks/enqueue.js';

/**
 * A member's own profile as the network shows it: the headline the drafts' prompts give the model
 * (docs/ai.md "What leaves the service"). The heartbeat names the member's account but not its
 * headline, so a read of the member's own profile brings it; any profile read of a member's account,
 * whoever ran it, files it.
 */

/** A headline older than this is read again when a draft needs it. */
const OWN_PROFILE_MAX_AGE_DAYS = 30;

export interface MemberProfile {
  headline: string | null;
  publicIdentifier: string | null;
  readAt: Date | null;
}

/** Files the headline of a profile read on every membership of the team with that account. */
export async function fileMemberProfile(tx: Queryable, task: CompletedTask): Promise<void> {
  const p = task.output as ProfileOutput;
  const slug = p.public_identifier ? p.public_identifier.toLowerCase() : null;
  if (!p.profile_urn && !slug) return;
  await tx.query(
    `UPDATE memberships SET network_headline = $4, network_profile_read_at = now()
      WHERE team_id = $1
        AND (network_member_urn = $2 OR lower(network_public_identifier) = $3)`,
    [task.teamId, p.profile_urn || null, slug, p.headline || null],
  );
}

/**
 * Queues the read of the member's own profile when its headline is unknown or old and the heartbeat
 * named the account, run by that member (one open at a time). Its result is filed by
 * fileMemberProfile; the claim holds it to the member's read budget like any read.
 */
export async function readOwnProfileWhenDue(
  ctx: Pick<ServiceContext, 'db' | 'signals'>,
  teamId: string,
  member: { userId: string; profile: MemberProfile },
  now = new Date(),
): Promise<void> {
  const { publicIdentifier, readAt } = member.profile;
  if (!publicIdentifier) return;
  if (readAt && now.getTime() - readAt.getTime() <= OWN_PROFILE_MAX_AGE_DAYS * 86_400_000) return;
  await enqueueTask(ctx.db, ctx.signals, {
    teamId,
    type: 'agent_profile_fetch',
    input: { task_type: 'agent_profile_fetch', profile_slug: publicIdentifier },
    assignedUserId: member.userId,
    targetKey: `own-profile:${member.userId}`,
    queuedBy: { kind: 'sync' },
  });
}
