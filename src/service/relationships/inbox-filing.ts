import type { Queryable } from '../db/database.js';
import type { CompletedTask, ResultToStore } from '../tasks/completion-hooks.js';
import type {
  Conversation,
  ConversationMessage,
  ConversationMessagesOutput,
  ConversationsOutput,
} from '../../contract/task-outputs.js';
import type { MessageReceivedEvent } from '../../contract/relationships.js';
import { enqueueTeamEvent } from '../webhooks/store.js';
import { memberRef } from './member-ref.js';
import { replyReceived } from './reply-listeners.js';
import { followMember, isFollowed } from './follow-member.js';

/** The sender of a message the service sent, until a read of the thread gives the member's own URN. */
const SELF = 'self';

/**
 * A message of a conversation, stored once (by sender and time); a new one from another person is a
 * message.received event, and stops that person's sequence enrollment (reply-listeners.ts).
 */
async function fileMessage(
  tx: Queryable,
  teamId: string,
  userId: string,
  conversationUrn: string,
  m: ConversationMessage,
): Promise<void> {
  if (m.from_me && m.sender_urn !== SELF) {
    // The network's copy of a message the service sent replaces the one kept when it was sent.
    await tx.query(
      'DELETE FROM inbox_messages WHERE team_id = $1 AND conversation_urn = $2 AND sender_urn = $3 AND text = $4',
      [teamId, conversationUrn, SELF, m.text],
    );
  }
  const inserted = await tx.query(
    // Another person's message is due to be sorted by the team's model (ai/classify-job.ts), beside
    // the sync: filing it only marks it.
    `INSERT INTO inbox_messages (id, team_id, user_id, conversation_urn, sender_urn, sender_name, from_me, text, delivered_at, classification_due)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $7 THEN NULL ELSE true END)
     ON CONFLICT (team_id, conversation_urn, sender_urn, delivered_at) DO NOTHING RETURNING id`,
    [
      crypto.randomUUID(),
      teamId,
      userId,
      conversationUrn,
      m.sender_urn,
      m.sender_name,
      m.from_me,
      m.text,
      m.delivered_at,
    ],
  );
  if (!inserted.length || m.from_me) return;
  await tx.query(
    `UPDATE inbox_conversations SET last_reply_at = GREATEST(last_reply_at, $3::timestamptz) WHERE team_id = $1 AND conversation_urn = $2`,
    [teamId, conversationUrn, m.delivered_at],
  );
  const enrollment = await replyReceived(tx, {
    teamId,
    userId,
    conversationUrn,
    senderUrn: m.sender_urn,
    deliveredAt: m.delivered_at,
  });
  const event: MessageReceivedEvent = {
    member: await memberRef(tx, teamId, userId),
    conversation_urn: conversationUrn,
    message: m,
  };
  if (enrollment) event.sequence_enrollment = enrollment;
  await enqueueTeamEvent(tx, teamId, 'message.received', event);
}

/** Upserts one conversation; answers whether it has activity the inbox did not know of. */
async function fileConversation(
  tx: Queryable,
  teamId: string,
  userId: string,
  c: Conversation,
): Promise<boolean> {
  const [before] = await tx.query<{ last_activity_at: Date }>(
    'SELECT last_activity_at FROM inbox_conversations WHERE team_id = $1 AND conversation_urn = $2',
    [teamId, c.conversation_urn],
  );
  await tx.query(
    `INSERT INTO inbox_conversations (team_id, user_id, conversation_urn, unread, last_activity_at, participants, last_message)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (team_id, conversation_urn) DO UPDATE
       SET unread = EXCLUDED.unread, last_activity_at = GREATEST(inbox_conversations.last_activity_at, EXCLUDED.last_activity_at),
           participants = EXCLUDED.participants, last_message = EXCLUDED.last_message, updated_at = now()`,
    [
      teamId,
      userId,
      c.conversation_urn,
      c.unread,
      c.last_activity_at,
      JSON.stringify(c.participants),
      c.last_message ? JSON.stringify(c.last_message) : null,
    ],
  );
  if (c.last_message) {
    const sender = c.participants.find((p) => p.profile_urn === c.last_message!.sender_urn);
    await fileMessage(tx, teamId, userId, c.conversation_urn, {
      ...c.last_message,
      sender_name: c.last_message.from_me ? null : (sender?.name ?? null),
    });
  }
  return !before || new Date(c.last_activity_at).getTime() > before.last_activity_at.getTime();
}

/**
 * A read of the member's inbox: every conversation is kept; one with news whose last message is
 * not the member's is due to have its messages read (the sync queues that read, sync.ts).
 */
export async function fileConversations(tx: Queryable, task: CompletedTask): Promise<void> {
  const out = task.output as ConversationsOutput;
  for (const c of out.conversations) {
    const news = await fileConversation(tx, task.teamId, task.userId, c);
    if (news && c.last_message && !c.last_message.from_me) {
      await tx.query(
        'UPDATE inbox_conversations SET messages_due = true WHERE team_id = $1 AND conversation_urn = $2',
        [task.teamId, c.conversation_urn],
      );
    }
  }
}

/** A read of one conversation's messages. */
export async function fileConversationMessages(tx: Queryable, task: CompletedTask): Promise<void> {
  const urn = String(task.input.conversation_urn ?? '');
  const out = task.output as ConversationMessagesOutput;
  const [known] = await tx.query(
    'SELECT 1 FROM inbox_conversations WHERE team_id = $1 AND conversation_urn = $2',
    [task.teamId, urn],
  );
  if (!known && out.messages.length) {
    const newest = out.messages[0]!;
    const others = out.messages.filter((m) => !m.from_me);
    await tx.query(
      `INSERT INTO inbox_conversations (team_id, user_id, conversation_urn, unread, last_activity_at, participants, last_message)
       VALUES ($1, $2, $3, false, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [
        task.teamId,
        task.userId,
        urn,
        newest.delivered_at,
        JSON.stringify([
          ...new Map(
            others.map((m) => [
              m.sender_urn,
              { profile_urn: m.sender_urn, name: m.sender_name ?? '', profile_url: null },
            ]),
          ).values(),
        ]),
        JSON.stringify({
          text: newest.text,
          sender_urn: newest.sender_urn,
          from_me: newest.from_me,
          delivered_at: newest.delivered_at,
        }),
      ],
    );
  }
  // Oldest first, so events go out in the order the person wrote.
  for (const m of [...out.messages].reverse())
    await fileMessage(tx, task.teamId, task.userId, urn, m);
  // A message newer than what the inbox read last saw is now the conversation's last word: the
  // inbox lists it, and who answers next (awaiting_reply) follows from it.
  const newest = out.messages.reduce<ConversationMessage | null>(
    (a, m) => (!a || Date.parse(m.delivered_at) > Date.parse(a.delivered_at) ? m : a),
    null,
  );
  if (newest) {
    await tx.query(
      `UPDATE inbox_conversations SET last_message = $3, last_activity_at = $4, updated_at = now()
        WHERE team_id = $1 AND conversation_urn = $2 AND last_activity_at < $4::timestamptz`,
      [
        task.teamId,
        urn,
        JSON.stringify({
          text: newest.text,
          sender_urn: newest.sender_urn,
          from_me: newest.from_me,
          delivered_at: newest.delivered_at,
        }),
        newest.delivered_at,
      ],
    );
  }
  await tx.query(
    'UPDATE inbox_conversations SET messages_due = false WHERE team_id = $1 AND conversation_urn = $2',
    [task.teamId, urn],
  );
}

export async function fileMarkedRead(tx: Queryable, task: CompletedTask): Promise<void> {
  await tx.query(
    'UPDATE inbox_conversations SET unread = false, updated_at = now() WHERE team_id = $1 AND conversation_urn = $2',
    [task.teamId, String(task.input.conversation_urn ?? '')],
  );
}

/**
 * A message the member sent through the service: stored in its thread, so a reply is told from
 * the member's own last word; the member becomes one the relationship sync reads.
 */
export async function fileMessageSent(tx: Queryable, task: CompletedTask): Promise<void> {
  const urn = threadOf(task);
  await followMember(tx, task.teamId, task.userId);
  if (!urn) return;
  const deliveredAt =
    typeof task.output.delivered_at === 'string'
      ? task.output.delivered_at
      : new Date().toISOString();
  const text = String(task.input.message_text ?? '');
  const profileUrn = typeof task.input.profile_urn === 'string' ? task.input.profile_urn : null;
  const participants = profileUrn ? [{ profile_urn: profileUrn, name: '', profile_url: null }] : [];
  const lastMessage = { text, sender_urn: SELF, from_me: true, delivered_at: deliveredAt };
  await tx.query(
    `INSERT INTO inbox_conversations (team_id, user_id, conversation_urn, unread, last_activity_at, participants, last_message)
     VALUES ($1, $2, $3, false, $4, $5, $6)
     ON CONFLICT (team_id, conversation_urn) DO UPDATE
       SET last_activity_at = GREATEST(inbox_conversations.last_activity_at, EXCLUDED.last_activity_at), last_message = EXCLUDED.last_message, updated_at = now()`,
    [
      task.teamId,
      task.userId,
      urn,
      deliveredAt,
      JSON.stringify(participants),
      JSON.stringify(lastMessage),
    ],
  );
  await fileMessage(tx, task.teamId, task.userId, urn, { ...lastMessage, sender_name: null });
}

const threadOf = (task: ResultToStore) =>
  typeof task.output.conversation_urn === 'string'
    ? task.output.conversation_urn
    : (task.input.conversation_urn as string | undefined);

/** fileMessageSent has nothing to do: no thread to file the message in, and the member is followed already. */
export const messageSentIdle = (result: ResultToStore): boolean =>
  !threadOf(result) && isFollowed(result.teamId, result.userId);
