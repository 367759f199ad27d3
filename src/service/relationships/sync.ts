import type { ServiceContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import type { TaskType } from '../../contract/task-types.js';
import type { WorkingHours } from '../../contract/budgets.js';
import { enqueueTask } from '../tasks/enqueue.js';
import { isSpent, loadUsage } from '../budgets/usage.js';
import { loadTeamSettings } from '../budgets/team-settings.js';
import { writesWindow } from '../budgets/working-hours.js';

/**
 * The relationship sync (docs/relationships.md): for each member who sends invitations or messages
 * through the service, the reads that keep their invitations and inbox true, every
 * RELATIONSHIP_SYNC_INTERVAL_S (jittered ±20 %, so no two members, and no two days, look alike),
 * inside the member's working hours and under their read budgets: the connections made since the
 * last read (acceptances), the inbox, and the sent list once a day (every 6 intervals). A
 * conversation with news from the other side gets its messages read.
 */

/** Connections are newest first; this much overlap with the last read keeps a late one from slipping between. */
const SINCE_OVERLAP_MS = 60 * 60 * 1000;
const INVITATIONS_EVERY_INTERVALS = 6;
const CONNECTIONS_PER_READ = 40;
const CONVERSATIONS_PER_READ = 20;
/** Messages read per conversation with news (the network's own page is 20). */
const MESSAGES_PER_READ = 20;

interface Due {
  team_id: string;
  user_id: string;
  last_sync_at: Date | null;
  invitations_read_at: Date | null;
  working_hours: WorkingHours | null;
  pending_invitations: number;
}

export async function runRelationshipSync(
  ctx: ServiceContext,
  now = new Date(),
): Promise<{ synced: number; messageReads: number }> {
  const { db, signals, config } = ctx;
  const intervalMs = config.RELATIONSHIP_SYNC_INTERVAL_S * 1000;
  const due = await db.query<Due>(
    `SELECT s.team_id, s.user_id, s.last_sync_at, s.invitations_read_at, m.working_hours,
            (SELECT count(*)::int FROM sent_invitations i WHERE i.team_id = s.team_id AND i.user_id = s.user_id AND i.state = 'pending') AS pending_invitations
       FROM relationship_sync s
       JOIN memberships m ON m.team_id = s.team_id AND m.user_id = s.user_id AND m.joined_at IS NOT NULL
      WHERE s.next_sync_at <= $1
      ORDER BY s.next_sync_at LIMIT 200`,
    [now],
  );
  let synced = 0;
  for (const member of due) {
    const window = writesWindow(member.working_hours, now);
    if (!window.open) {
      await reschedule(
        db,
        member,
        window.opensAt
          ? new Date(window.opensAt.getTime() + jitter(intervalMs) * 0.1)
          : new Date(now.getTime() + intervalMs),
        null,
      );
      continue;
    }
    const { budgets } = await loadTeamSettings(db, member.team_id);
    const use = (await loadUsage(db, [member.user_id])).get(member.user_id);
    const allowed = (type: TaskType) => !isSpent(budgets[type], use?.get(type));
    const queue = (type: TaskType, input: Record<string, unknown>) =>
      allowed(type)
        ? enqueueTask(db, signals, {
            teamId: member.team_id,
            type,
            input: { task_type: type, ...input },
            assignedUserId: member.user_id,
            targetKey: `sync:${type}:${member.user_id}`,
            queuedBy: { kind: 'sync' },
          })
        : null;
    const since = member.last_sync_at
      ? new Date(member.last_sync_at.getTime() - SINCE_OVERLAP_MS).toISOString()
      : undefined;
    await queue('agent_connections_fetch', {
      start: 0,
      count: CONNECTIONS_PER_READ,
      ...(since ? { since } : {}),
    });
    await queue('agent_conversations_fetch', { unread_only: false, count: CONVERSATIONS_PER_READ });
    const invitationsDue =
      !member.invitations_read_at ||
      now.getTime() - member.invitations_read_at.getTime() >=
        INVITATIONS_EVERY_INTERVALS * intervalMs;
    if (member.pending_invitations > 0 && invitationsDue)
      await queue('agent_sent_invitations_fetch', { count: 100 });
    await reschedule(db, member, new Date(now.getTime() + jitter(intervalMs)), now);
    synced++;
  }
  return { synced, messageReads: await queueMessageReads(ctx) };
}

/** ±20 % around the interval. */
function jitter(intervalMs: number): number {
  return intervalMs * (0.8 + Math.random() * 0.4);
}

async function reschedule(
  db: Queryable,
  member: Due,
  next: Date,
  syncedAt: Date | null,
): Promise<void> {
  await db.query(
    'UPDATE relationship_sync SET next_sync_at = $3, last_sync_at = COALESCE($4, last_sync_at) WHERE team_id = $1 AND user_id = $2',
    [member.team_id, member.user_id, next, syncedAt],
  );
}

/** Conversations with news from the other side: one read of their messages each (never two open). */
async function queueMessageReads(ctx: ServiceContext): Promise<number> {
  const rows = await ctx.db.query<{ team_id: string; user_id: string; conversation_urn: string }>(
    'SELECT team_id, user_id, conversation_urn FROM inbox_conversations WHERE messages_due LIMIT 500',
  );
  let queued = 0;
  for (const r of rows) {
    const task = await enqueueTask(ctx.db, ctx.signals, {
      teamId: r.team_id,
      type: 'agent_conversation_messages_fetch',
      input: {
        task_type: 'agent_conversation_messages_fetch',
        conversation_urn: r.conversation_urn,
        count: MESSAGES_PER_READ,
      },
      assignedUserId: r.user_id,
      targetKey: `messages:${r.conversation_urn}`,
      queuedBy: { kind: 'sync' },
    });
    if (task) queued++;
  }
  return queued;
}
