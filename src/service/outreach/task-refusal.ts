import type { Queryable } from '../db/database.js';
import type { TaskType } from '../../contract/task-types.js';
import { normalizeProfileSlug } from '../../contract/urns.js';
import { companyKeyFrom, type PersonRef } from './person-keys.js';
import { type Refusal, refusalFor } from './refusal.js';

/** The author of a collected post, as the list looks them up: a person, or a company page. */
async function postAuthor(
  db: Queryable,
  teamId: string,
  socialUrn: string,
): Promise<{ person: PersonRef; companyKeys: string[] } | null> {
  const [post] = await db.query<{
    author_slug: string | null;
    author_url: string;
    author_type: string | null;
  }>(
    'SELECT author_slug, author_url, author_type FROM posts WHERE team_id = $1 AND activity_urn = $2',
    [teamId, socialUrn],
  );
  if (!post) return null;
  if (post.author_type === 'company' || /\/company\//.test(post.author_url)) {
    const key = companyKeyFrom(post.author_url || post.author_slug || '');
    return key ? { person: {}, companyKeys: [key] } : null;
  }
  const slug = post.author_slug ?? (post.author_url ? normalizeProfileSlug(post.author_url) : null);
  return slug ? { person: { profileSlug: slug.toLowerCase() }, companyKeys: [] } : null;
}

/** The others in a member's thread, as the inbox last showed them. */
async function threadPeople(
  db: Queryable,
  teamId: string,
  conversationUrn: string,
): Promise<PersonRef[]> {
  const [row] = await db.query<{ participants: { profile_urn?: string }[] }>(
    'SELECT participants FROM inbox_conversations WHERE team_id = $1 AND conversation_urn = $2',
    [teamId, conversationUrn],
  );
  return (row?.participants ?? [])
    .filter((p) => typeof p.profile_urn === 'string')
    .map((p) => ({ profileUrn: p.profile_urn }));
}

/**
 * The checks of an outreach task about to be queued for member `userId` (docs/team-pool.md): an
 * invitation or a new message to a profile (list and contact window), a reply in a thread (list,
 * for each person in it the inbox knows), a comment (list, for the post's author). Null for any
 * other task, or when nothing refuses it.
 */
export async function refusalForTask(
  db: Queryable,
  teamId: string,
  type: TaskType,
  input: Record<string, unknown>,
  userId: string | null,
  force = false,
): Promise<Refusal | null> {
  const profileUrn = typeof input.profile_urn === 'string' ? input.profile_urn : null;
  if (type === 'agent_connection_request' && profileUrn) {
    return refusalFor(db, teamId, { profileUrn }, { kind: 'invitation', userId, force });
  }
  if (type === 'agent_send_message') {
    if (profileUrn) {
      return refusalFor(db, teamId, { profileUrn }, { kind: 'message', userId, force });
    }
    if (typeof input.conversation_urn === 'string') {
      for (const person of await threadPeople(db, teamId, input.conversation_urn)) {
        const refusal = await refusalFor(db, teamId, person, {
          kind: 'message',
          userId,
          force,
          firstMessage: false,
        });
        if (refusal) return refusal;
      }
    }
    return null;
  }
  if (type === 'agent_comment_post' && typeof input.social_urn === 'string') {
    const author = await postAuthor(db, teamId, input.social_urn);
    if (!author) return null;
    return refusalFor(db, teamId, author.person, {
      kind: 'comment',
      userId,
      companyKeys: author.companyKeys,
    });
  }
  return null;
}
