import type { Queryable } from '../db/database.js';
import type { TaskListResponse } from '../../contract/task-list.js';
import type { TaskError, TaskStatus, TaskType } from '../../contract/task-types.js';
import { iso } from './task-row.js';
import { QUEUED_BY_COLUMNS, type QueuedByFacts, queuedByView } from './queued-by.js';
import { NAMING_TYPES, POST_TYPES, TASK_KINDS } from '../../contract/task-kinds.js';
import { taskTarget, type TargetFacts } from '../../contract/task-target.js';

interface RecentTaskRow extends TargetFacts, QueuedByFacts {
  id: string;
  type: TaskType;
  status: TaskStatus;
  attempt: number;
  error: TaskError | null;
  assigned_email: string | null;
  claimed_by_email: string | null;
  assigned_name: string | null;
  claimed_by_name: string | null;
  input: Record<string, unknown>;
  watchlist_id: string | null;
  watchlist_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The team's recent tasks, newest first, with the members they are routed to and claimed by, what
 * each acts on in words (its target, its watchlist, the company page it acts as) and who queued it.
 * `claimedBy` and `types` narrow it to what one member's agent ran of those kinds.
 */
export async function listRecentTasks(
  db: Queryable,
  teamId: string,
  opts: { status?: TaskStatus; limit: number; claimedBy?: string; types?: readonly TaskType[] },
): Promise<TaskListResponse> {
  const rows = await db.query<RecentTaskRow>(
    `SELECT t.id, t.type, t.status, t.attempt, t.error, a.email AS assigned_email, c.email AS claimed_by_email,
            au.full_name AS assigned_name, cu.full_name AS claimed_by_name, t.input,
            CASE WHEN t.type = ANY($6::text[]) AND jsonb_typeof(t.output -> 'name') = 'string'
                 THEN t.output ->> 'name' END AS output_name,
            p.id AS post_id, p.author_name AS post_author, left(p.content, 200) AS post_excerpt, p.post_url,
            w.id AS watchlist_id, w.name AS watchlist_name,
            ${QUEUED_BY_COLUMNS},
            t.created_at, t.updated_at
       FROM tasks t
       LEFT JOIN memberships a ON a.team_id = t.team_id AND a.user_id = t.assigned_user_id
       LEFT JOIN memberships c ON c.team_id = t.team_id AND c.user_id = t.claimed_by
       LEFT JOIN users au ON au.id = a.user_id
       LEFT JOIN users cu ON cu.id = c.user_id
       LEFT JOIN watchlists w ON w.id = t.watchlist_id AND w.team_id = t.team_id
       LEFT JOIN users qu ON qu.id = t.queued_by_user_id
       -- A kind acting on a post (a like, a comment): the collected post it names (one per team and URN).
       LEFT JOIN posts p ON t.type = ANY($7::text[])
                        AND p.team_id = t.team_id AND p.activity_urn = t.input ->> 'social_urn'
      WHERE t.team_id = $1 AND ($2::text IS NULL OR t.status = $2)
        AND ($4::uuid IS NULL OR t.claimed_by = $4) AND ($5::text[] IS NULL OR t.type = ANY($5::text[]))
      ORDER BY t.created_at DESC, t.id
      LIMIT $3`,
    [
      teamId,
      opts.status ?? null,
      opts.limit,
      opts.claimedBy ?? null,
      opts.types ? [...opts.types] : null,
      [...NAMING_TYPES],
      [...POST_TYPES],
    ],
  );
  return {
    tasks: rows.map((r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      attempt: r.attempt,
      error: r.error ? { code: r.error.code, message: r.error.message } : null,
      assigned_email: r.assigned_email,
      claimed_by_email: r.claimed_by_email,
      assigned_name: r.assigned_name || null,
      claimed_by_name: r.claimed_by_name || null,
      target: taskTarget(TASK_KINDS[r.type], r.input, r),
      watchlist:
        r.watchlist_id && r.watchlist_name !== null
          ? { id: r.watchlist_id, name: r.watchlist_name }
          : null,
      as_company:
        r.input.actor_type === 'company' && typeof r.input.company_title === 'string'
          ? r.input.company_title
          : null,
      queued_by: queuedByView(r),
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
    })),
    count: rows.length,
  };
}
