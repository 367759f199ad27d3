import type { Queryable } from '../db/database.js';
import type { ConversationParticipant } from '../../contract/task-outputs.js';
import type {
  ConversationResponse,
  ConversationView,
  InboxMessageView,
  InboxQuery,
  InboxResponse,
  InvitationsQuery,
  SentInvitationsResponse,
} from '../../contract/relationships.js';
import { memberOrOldestAdmin } from '../tasks/routing.js';
import { iso } from '../tasks/task-row.js';
import {
  type ClassificationColumns,
  classificationColumns,
  classificationFields,
} from '../ai/classification-view.js';

/** The lists of relationship tracking, paged, newest first (docs/relationships.md). */

export async function memberFilter(
  db: Queryable,
  teamId: string,
  email: string | undefined,
): Promise<string | null> {
  return email === undefined ? null : (await memberOrOldestAdmin(db, teamId, email)).userId;
}

export async function listSentInvitations(
  db: Queryable,
  teamId: string,
  q: InvitationsQuery,
): Promise<SentInvitationsResponse> {
  const userId = await memberFilter(db, teamId, q.member_email);
  const where = `i.team_id = $1 AND ($2::text IS NULL OR i.state = $2) AND ($3::uuid IS NULL OR i.user_id = $3)`;
  const params = [teamId, q.status ?? null, userId];
  const rows = await db.query<{
    id: string;
    email: string;
    member_name: string | null;
    profile_urn: string;
    name: string | null;
    profile_url: string | null;
    invitation_urn: string | null;
    note: string | null;
    state: 'pending' | 'accepted' | 'withdrawn' | 'expired';
    sent_at: Date;
    state_changed_at: Date;
    age_days: number;
    enrollment_id: string | null;
  }>(
    `SELECT i.id, m.email, u.full_name AS member_name, i.profile_urn, i.name, i.profile_url, i.invitation_urn, i.note, i.state,
            i.sent_at, i.state_changed_at, floor(EXTRACT(EPOCH FROM now() - i.sent_at) / 86400)::int AS age_days,
            (SELECT st.enrollment_id::text FROM sequence_tasks st WHERE st.task_id = i.task_id) AS enrollment_id
       FROM sent_invitations i
       JOIN memberships m ON m.team_id = i.team_id AND m.user_id = i.user_id
       JOIN users u ON u.id = i.user_id
      WHERE ${where}
      ORDER BY i.sent_at DESC, i.id LIMIT $4 OFFSET $5`,
    [...params, q.limit, (q.page - 1) * q.limit],
  );
  const [{ n }] = (await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sent_invitations i WHERE ${where}`,
    params,
  )) as [{ n: number }];
  return {
    data: rows.map((r) => ({
      id: r.id,
      member: { email: r.email, name: r.member_name },
      profile: { profile_urn: r.profile_urn, name: r.name, profile_url: r.profile_url },
      invitation_urn: r.invitation_urn,
      note: r.note,
      state: r.state,
      sent_at: iso(r.sent_at)!,
      state_changed_at: iso(r.state_changed_at)!,
      age_days: r.age_days,
      sequence_enrollment_id: r.enrollment_id,
    })),
    count: n,
    page: q.page,
    limit: q.limit,
  };
}

interface ConversationRow {
  conversation_urn: string;
  email: string;
  member_name: string | null;
  unread: boolean;
  last_activity_at: Date;
  participants: ConversationParticipant[];
  last_message: ConversationView['last_message'];
  /** The newest message of the other person, with its classification (none: no such message). */
  reply: ClassificationColumns | null;
}

const CONVERSATION_COLUMNS = `c.conversation_urn, m.email, u.full_name AS member_name, c.unread, c.last_activity_at, c.participants, c.last_message,
       (SELECT to_jsonb(r) FROM (SELECT ${classificationColumns('im')} FROM inbox_messages im
          WHERE im.team_id = c.team_id AND im.conversation_urn = c.conversation_urn AND NOT im.from_me
          ORDER BY im.delivered_at DESC LIMIT 1) r) AS reply
       FROM inbox_conversations c
       JOIN memberships m ON m.team_id = c.team_id AND m.user_id = c.user_id
       JOIN users u ON u.id = c.user_id`;

/** The label of a conversation's newest message from the other person ($n: the label, or null for any). */
const labelFilter = (n: number) =>
  `($${n}::text IS NULL OR (SELECT im.classification_label FROM inbox_messages im
      WHERE im.team_id = c.team_id AND im.conversation_urn = c.conversation_urn AND NOT im.from_me
      ORDER BY im.delivered_at DESC LIMIT 1) = $${n})`;

function conversationView(r: ConversationRow, classifying: boolean): ConversationView {
  return {
    conversation_urn: r.conversation_urn,
    member: { email: r.email, name: r.member_name },
    unread: r.unread,
    last_activity_at: iso(r.last_activity_at)!,
    participants: r.participants,
    last_message: r.last_message,
    awaiting_reply: r.last_message !== null && !r.last_message.from_me,
    ...classificationFields(r.reply, classifying),
  };
}

/** `classifying`: the service has a model, so an unsorted reply is not "not configured". */
export async function listInbox(
  db: Queryable,
  teamId: string,
  q: InboxQuery,
  classifying: boolean,
): Promise<InboxResponse> {
  const userId = await memberFilter(db, teamId, q.member_email);
  const where = `c.team_id = $1 AND ($2::boolean IS NULL OR c.unread = $2) AND ($3::uuid IS NULL OR c.user_id = $3) AND ${labelFilter(4)}`;
  const params = [teamId, q.unread ?? null, userId, q.classification ?? null];
  const rows = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} WHERE ${where} ORDER BY c.last_activity_at DESC, c.conversation_urn LIMIT $5 OFFSET $6`,
    [...params, q.limit, (q.page - 1) * q.limit],
  );
  const [{ n }] = (await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM inbox_conversations c WHERE ${where}`,
    params,
  )) as [{ n: number }];
  return {
    data: rows.map((r) => conversationView(r, classifying)),
    count: n,
    page: q.page,
    limit: q.limit,
  };
}

/** One conversation of the team with its messages, newest first; null when the team has none by that URN. */
export async function conversationThread(
  db: Queryable,
  teamId: string,
  conversationUrn: string,
  q: { page: number; limit: number },
  classifying: boolean,
): Promise<ConversationResponse | null> {
  const [row] = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} WHERE c.team_id = $1 AND c.conversation_urn = $2`,
    [teamId, conversationUrn],
  );
  if (!row) return null;
  const messages = await db.query<
    ClassificationColumns & {
      text: string;
      sender_urn: string;
      sender_name: string | null;
      delivered_at: Date;
    }
  >(
    `SELECT text, sender_urn, sender_name, delivered_at, ${classificationColumns('im')} FROM inbox_messages im
      WHERE team_id = $1 AND conversation_urn = $2 ORDER BY delivered_at DESC, id LIMIT $3 OFFSET $4`,
    [teamId, conversationUrn, q.limit, (q.page - 1) * q.limit],
  );
  const [{ n }] = (await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM inbox_messages WHERE team_id = $1 AND conversation_urn = $2',
    [teamId, conversationUrn],
  )) as [{ n: number }];
  const list: InboxMessageView[] = messages.map((m) => ({
    text: m.text,
    sender_urn: m.sender_urn,
    sender_name: m.sender_name,
    from_me: m.from_me,
    delivered_at: iso(m.delivered_at)!,
    ...classificationFields(m, classifying),
  }));
  return {
    conversation: conversationView(row, classifying),
    messages: list,
    count: n,
    page: q.page,
    limit: q.limit,
  };
}
