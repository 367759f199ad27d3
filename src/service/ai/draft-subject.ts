import type { DraftBody } from '../../contract/drafts.js';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import type { MemberProfile } from '../relationships/member-profile.js';

/**
 * What a draft is about, read from the team's own data before the model is asked: the member it is
 * written for, and the post, the thread or the person. Each is scoped to the team (and a thread to
 * the member's own inbox); one that is not there is a 404.
 */

export interface DraftMember {
  userId: string;
  email: string;
  name: string;
  /** The member's own account as the network shows it (relationships/member-profile.ts). */
  profile: MemberProfile;
}

interface ThreadMessage {
  from: string;
  from_me: boolean;
  text: string;
  at: string;
}

/** The facts the prompt gives the model; every string in it came from the network or a person. */
export type DraftSubject =
  | {
      kind: 'comment';
      socialUrn: string;
      post: { author: string; author_headline: string; text: string };
    }
  | { kind: 'reply'; conversationUrn: string; messages: ThreadMessage[] }
  | {
      kind: 'invitation_note' | 'message';
      profileUrn: string;
      person: { name: string; recent_messages: ThreadMessage[] };
    };

/** How many of a thread's latest messages the model reads. */
const THREAD_MESSAGES = 10;
/** How much of one message or post the model reads. */
const MAX_TEXT_CHARS = 3000;

const cut = (text: string | null) => (text ?? '').slice(0, MAX_TEXT_CHARS);

export async function draftMember(
  db: Queryable,
  teamId: string,
  email: string,
): Promise<DraftMember> {
  const [row] = await db.query<{
    user_id: string;
    email: string;
    full_name: string | null;
    network_headline: string | null;
    network_public_identifier: string | null;
    network_profile_read_at: Date | string | null;
  }>(
    `SELECT m.user_id, m.email, u.full_name, m.network_headline, m.network_public_identifier,
            m.network_profile_read_at
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = $1 AND m.email = $2 AND m.joined_at IS NOT NULL`,
    [teamId, email],
  );
  if (!row) throw new HttpError(404, 'No member with that e-mail in the team');
  return {
    userId: row.user_id,
    email: row.email,
    name: row.full_name || '',
    profile: {
      headline: row.network_headline,
      publicIdentifier: row.network_public_identifier,
      readAt: row.network_profile_read_at ? new Date(row.network_profile_read_at) : null,
    },
  };
}

type MessageRow = {
  sender_name: string | null;
  from_me: boolean;
  text: string;
  delivered_at: Date;
};
const threadMessage = (r: MessageRow): ThreadMessage => ({
  from: r.from_me ? 'the member' : r.sender_name || 'the other person',
  from_me: r.from_me,
  text: cut(r.text),
  at: new Date(r.delivered_at).toISOString(),
});

export async function draftSubject(
  db: Queryable,
  teamId: string,
  member: DraftMember,
  body: DraftBody,
): Promise<DraftSubject> {
  if (body.kind === 'comment') {
    const [post] = await db.query<{
      activity_urn: string;
      content: string;
      author_name: string;
      author_headline: string | null;
    }>(
      'SELECT activity_urn, content, author_name, author_headline FROM posts WHERE id = $1 AND team_id = $2',
      [body.post_id, teamId],
    );
    if (!post) throw new HttpError(404, 'Post not found');
    return {
      kind: 'comment',
      socialUrn: post.activity_urn,
      post: {
        author: post.author_name,
        author_headline: post.author_headline ?? '',
        text: cut(post.content),
      },
    };
  }
  if (body.kind === 'reply') {
    const [thread] = await db.query(
      'SELECT 1 FROM inbox_conversations WHERE team_id = $1 AND conversation_urn = $2 AND user_id = $3',
      [teamId, body.conversation_urn, member.userId],
    );
    if (!thread) throw new HttpError(404, 'Conversation not found in that member’s inbox');
    const rows = await db.query<MessageRow>(
      `SELECT sender_name, from_me, text, delivered_at FROM inbox_messages
        WHERE team_id = $1 AND conversation_urn = $2 ORDER BY delivered_at DESC LIMIT ${THREAD_MESSAGES}`,
      [teamId, body.conversation_urn],
    );
    return {
      kind: 'reply',
      conversationUrn: body.conversation_urn,
      messages: rows.reverse().map(threadMessage),
    };
  }
  // A person by URN need not be known to the team: the model then writes without a name.
  const [known] = await db.query<{ name: string | null }>(
    `SELECT name FROM member_connections WHERE team_id = $1 AND user_id = $3 AND profile_urn = $2 AND name <> ''
     UNION ALL
     SELECT name FROM team_people WHERE team_id = $1 AND profile_urn = $2 AND name <> ''
     LIMIT 1`,
    [teamId, body.profile_urn, member.userId],
  );
  const recent =
    body.kind === 'message'
      ? await db.query<MessageRow>(
          `SELECT sender_name, from_me, text, delivered_at FROM inbox_messages
            WHERE team_id = $1 AND user_id = $3 AND conversation_urn IN
                  (SELECT conversation_urn FROM inbox_messages WHERE team_id = $1 AND user_id = $3 AND sender_urn = $2)
            ORDER BY delivered_at DESC LIMIT ${THREAD_MESSAGES}`,
          [teamId, body.profile_urn, member.userId],
        )
      : [];
  return {
    kind: body.kind,
    profileUrn: body.profile_urn,
    person: { name: known?.name ?? '', recent_messages: recent.reverse().map(threadMessage) },
  };
}
