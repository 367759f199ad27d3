import { PREPARED, type Queryable } from '../db/database.js';
import { taskKind } from '../../contract/task-kinds.js';
import type { TaskType } from '../../contract/task-types.js';
import { normalizeProfileSlug } from '../../contract/urns.js';
import { companyKeyFrom, type PersonRef } from './person-keys.js';
import { type OutreachVerdict, outreachVerdict } from './refusal.js';

/** A collected post's author columns, as the list's check reads them. */
export interface PostAuthorFacts {
  author_slug: string | null;
  author_url: string | null;
  author_type: string | null;
}

/** The columns of `PostAuthorFacts`, for a caller that reads the post anyway (`p` the post). */
export const POST_AUTHOR_COLUMNS = 'p.author_slug, p.author_url, p.author_type';

/** The author of a collected post, as the list looks them up: a person, or a company page. */
function authorOf(post: PostAuthorFacts): { person: PersonRef; companyKeys: string[] } | null {
  const url = post.author_url ?? '';
  if (post.author_type === 'company' || /\/company\//.test(url)) {
    const key = companyKeyFrom(url || post.author_slug || '');
    return key ? { person: {}, companyKeys: [key] } : null;
  }
  const slug = post.author_slug ?? (url ? normalizeProfileSlug(url) : null);
  return slug ? { person: { profileSlug: slug.toLowerCase() }, companyKeys: [] } : null;
}

async function readPostAuthor(
  db: Queryable,
  teamId: string,
  socialUrn: string,
): Promise<PostAuthorFacts | null> {
  const [post] = await db.query<PostAuthorFacts>(
    `SELECT ${POST_AUTHOR_COLUMNS} FROM posts p WHERE p.team_id = $1 AND p.activity_urn = $2`,
    [teamId, socialUrn],
    PREPARED,
  );
  return post ?? null;
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
    PREPARED,
  );
  return (row?.participants ?? [])
    .filter((p) => typeof p.profile_urn === 'string')
    .map((p) => ({ profileUrn: p.profile_urn }));
}

const PASS: OutreachVerdict = { refusal: null, forcedOver: null };

interface TaskCheck {
  /** Passes the contact window (never the list); the verdict then names the contact it went past. */
  force?: boolean;
  /** The post's author columns when the caller read the post already (saves reading it again). */
  post?: PostAuthorFacts | null;
}

/**
 * The outreach checks of a task about to be queued for member `userId` (docs/team-pool.md), by the
 * contact its kind makes (`contact` in task-kinds.ts): an invitation or a new message to a profile
 * (list and contact window), a reply in a thread (list, for each person in it the inbox knows), a
 * like or a comment (list, for the post's author, a person or a company page, when the team
 * collected the post). A kind that contacts no one passes.
 */
export async function outreachVerdictForTask(
  db: Queryable,
  teamId: string,
  type: TaskType,
  input: Record<string, unknown>,
  userId: string | null,
  check: TaskCheck = {},
): Promise<OutreachVerdict> {
  const force = check.force === true;
  const contact = taskKind(type).contact;
  const profileUrn = typeof input.profile_urn === 'string' ? input.profile_urn : null;
  if (contact === 'invitation' && profileUrn) {
    return outreachVerdict(
      db,
      teamId,
      { profileUrn },
      { kind: 'invitation', userId, force, pendingInvitation: true },
    );
  }
  if (contact === 'message') {
    if (profileUrn) {
      return outreachVerdict(db, teamId, { profileUrn }, { kind: 'message', userId, force });
    }
    if (typeof input.conversation_urn === 'string') {
      for (const person of await threadPeople(db, teamId, input.conversation_urn)) {
        const verdict = await outreachVerdict(db, teamId, person, {
          kind: 'message',
          userId,
          force,
          firstMessage: false,
        });
        if (verdict.refusal) return verdict;
      }
    }
    return PASS;
  }
  if ((contact === 'like' || contact === 'comment') && typeof input.social_urn === 'string') {
    const post = check.post ?? (await readPostAuthor(db, teamId, input.social_urn));
    const author = post ? authorOf(post) : null;
    if (!author) return PASS;
    return outreachVerdict(db, teamId, author.person, {
      kind: contact,
      userId,
      companyKeys: author.companyKeys,
      subject: { words: "the post's author", page: author.companyKeys.length > 0 },
    });
  }
  return PASS;
}
