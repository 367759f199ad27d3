import type { Queryable } from '../../src/service/db/database.js';

/** A running service's database: a TestService or an e2e service's context. */
type WithDb = { ctx: { db: Queryable } };

/** Rows written straight into the tables the aggregates read, at hand-chosen instants. */
export interface FixturePost {
  at: string;
  likes?: number;
  comments?: number;
  shares?: number;
  author: string;
  trending?: boolean;
  /** The post's text (default empty). */
  content?: string;
  /** Counts the network never gave: stored as 0 with their known flag off. */
  unknown?: ('likes' | 'comments' | 'shares')[];
}

export async function insertWatchlistPosts(
  svc: WithDb,
  teamId: string,
  watchlistId: string,
  posts: FixturePost[],
): Promise<void> {
  for (const p of posts) {
    const id = crypto.randomUUID();
    const urn = `urn:li:activity:${BigInt(7_100_000_000_000_000_000n) + BigInt(Math.floor(Math.random() * 1e12))}`;
    const [row] = await svc.ctx.db.query<{ engagement: number }>(
      `INSERT INTO posts (id, team_id, activity_urn, post_url, author_name, author_url, posted_at,
                          likes_count, comments_count, shares_count, trending_score, content,
                          likes_known, comments_known, shares_known)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING engagement`,
      [
        id,
        teamId,
        urn,
        `https://www.linkedin.com/feed/update/${urn}/`,
        p.author,
        `https://www.linkedin.com/in/${p.author.toLowerCase().replace(/\W+/g, '-')}/`,
        p.at,
        p.likes ?? 0,
        p.comments ?? 0,
        p.shares ?? 0,
        p.trending ? 3 : 0,
        p.content ?? '',
        !p.unknown?.includes('likes'),
        !p.unknown?.includes('comments'),
        !p.unknown?.includes('shares'),
      ],
    );
    await svc.ctx.db.query(
      `INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at, engagement, trending_score, trending)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [watchlistId, id, teamId, p.at, row!.engagement, p.trending ? 3 : 0, p.trending ?? false],
    );
  }
}

export async function insertSequence(
  svc: WithDb,
  teamId: string,
  senderUserId: string,
): Promise<string> {
  const id = crypto.randomUUID();
  await svc.ctx.db.query(
    `INSERT INTO sequences (id, team_id, name, sender_user_id, steps) VALUES ($1, $2, $3, $4, '[]')`,
    [id, teamId, `seq ${id.slice(0, 8)}`, senderUserId],
  );
  return id;
}

export interface FixtureEnrollment {
  sender: string;
  enrolled: string;
  invited?: string;
  accepted?: string;
  messaged?: string;
  replied?: string;
}

export async function insertEnrollments(
  svc: WithDb,
  teamId: string,
  sequenceId: string,
  people: FixtureEnrollment[],
): Promise<void> {
  for (const [i, p] of people.entries()) {
    await svc.ctx.db.query(
      `INSERT INTO sequence_enrollments (id, sequence_id, team_id, profile_input, profile_slug, sender_user_id,
                                         created_at, invited_at, accepted_at, messaged_at, replied_at)
       VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10)`,
      [
        crypto.randomUUID(),
        sequenceId,
        teamId,
        `person-${i}-${sequenceId.slice(0, 6)}`,
        p.sender,
        p.enrolled,
        p.invited ?? null,
        p.accepted ?? null,
        p.messaged ?? null,
        p.replied ?? null,
      ],
    );
  }
}

export interface FixtureTask {
  type: string;
  status: 'processing' | 'completed' | 'failed';
  /** When it ended (an ISO instant, or hours before now); null: still running. */
  finished: string | { hoursAgo: number } | null;
}

export async function insertMemberTasks(
  svc: WithDb,
  teamId: string,
  userId: string,
  tasks: FixtureTask[],
): Promise<void> {
  for (const t of tasks) {
    const finished =
      t.finished === null || typeof t.finished === 'string'
        ? t.finished
        : new Date(Date.now() - t.finished.hoursAgo * 3_600_000).toISOString();
    await svc.ctx.db.query(
      `INSERT INTO tasks (id, team_id, type, input, status, claimed_by, finished_at)
       VALUES ($1, $2, $3, '{}', $4, $5, $6)`,
      [crypto.randomUUID(), teamId, t.type, t.status, userId, finished],
    );
  }
}

export interface FixtureInvitation {
  /** When it was sent (an ISO instant). */
  sent: string;
  /** What became of it, and when; without: still pending. */
  became?: { state: 'accepted' | 'withdrawn' | 'expired'; at: string };
}

/** A member's invitations sent through the service, as relationships/invitations-filing.ts files them. */
export async function insertSentInvitations(
  svc: WithDb,
  teamId: string,
  userId: string,
  invitations: FixtureInvitation[],
): Promise<void> {
  for (const inv of invitations) {
    const id = crypto.randomUUID();
    await svc.ctx.db.query(
      `INSERT INTO sent_invitations (id, team_id, user_id, profile_urn, state, sent_at, state_changed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        teamId,
        userId,
        `urn:li:fsd_profile:inv-${id.slice(0, 8)}`,
        inv.became?.state ?? 'pending',
        inv.sent,
        inv.became?.at ?? inv.sent,
      ],
    );
  }
}
