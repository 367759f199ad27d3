import type { Queryable } from '../db/database.js';
import type { TaskSignals } from '../tasks/task-signals.js';
import { enqueueTask, type NewTask } from '../tasks/enqueue.js';
import { CompanyTrackingInput, KeywordTrackingInput, KNOWN_POSTS_MAX, TASK_INPUTS } from '../../contract/task-io.js';
import { URN_NS } from '../../contract/common.js';

/** Posts asked for per keyword or company per cycle. */
export const POSTS_PER_TARGET = 20;
/** People watchlists: profiles per `agent_profiles_tracking` task. */
export const PROFILES_PER_TASK = 25;

export interface DueWatchlist {
  id: string;
  team_id: string;
  type: 'keyword' | 'people' | 'company';
  list_id: string | null;
}

/**
 * The collection tasks of one cycle of one watchlist (docs/agent-protocol.md, "Task types").
 * Each has a target key, so a target whose previous task is still open gets no second one.
 * The 48-hour rule does not stop this: the tasks wait until an agent of the team claims them.
 */
export async function collectionTasks(tx: Queryable, w: DueWatchlist): Promise<NewTask[]> {
  const base = { teamId: w.team_id, watchlistId: w.id };
  if (w.type === 'keyword') {
    const rows = await tx.query<{ id: string; keyword: string; required_keywords: string[]; excluded_keywords: string[] }>(
      `SELECT id, keyword, required_keywords, excluded_keywords FROM watchlist_keywords
        WHERE watchlist_id = $1 AND trim(keyword) <> '' ORDER BY position, created_at`,
      [w.id],
    );
    const tasks: NewTask[] = [];
    for (const k of rows) {
      const known = await knownPosts(tx, w.id, k.keyword.trim());
      tasks.push({
        ...base,
        type: 'agent_keyword_tracking' as const,
        targetKey: `keyword:${w.id}:${k.keyword.trim().toLowerCase()}`,
        input: KeywordTrackingInput.parse({
          task_type: 'agent_keyword_tracking',
          watchlist_id: w.id,
          keyword: k.keyword.trim(),
          required_keywords: k.required_keywords,
          excluded_keywords: k.excluded_keywords,
          count: POSTS_PER_TARGET,
          ...(known.length ? { known_post_urns: known } : {}),
        }),
      });
    }
    return tasks;
  }
  if (!w.list_id) return [];
  const members = await tx.query<{ identifier: string; identifier_kind: string }>(
    `SELECT identifier, identifier_kind FROM list_members l JOIN lists ON lists.id = l.list_id
      WHERE l.list_id = $1 AND lists.team_id = $2 ORDER BY l.added_at, l.identifier`,
    [w.list_id, w.team_id],
  );
  if (w.type === 'company') {
    return members
      .filter((m) => m.identifier_kind === 'company_slug')
      .map((m) => ({
        ...base,
        type: 'agent_company_tracking' as const,
        targetKey: `company:${w.id}:${m.identifier}`,
        input: CompanyTrackingInput.parse({
          task_type: 'agent_company_tracking',
          watchlist_id: w.id,
          company: m.identifier,
          count: POSTS_PER_TARGET,
        }),
      }));
  }
  const urns = members.filter((m) => m.identifier_kind !== 'company_slug').map((m) => profileRef(m.identifier, m.identifier_kind));
  const tasks: NewTask[] = [];
  for (let i = 0; i * PROFILES_PER_TASK < urns.length; i++) {
    tasks.push({
      ...base,
      type: 'agent_profiles_tracking',
      targetKey: `people:${w.id}:${i}`,
      input: TASK_INPUTS.agent_profiles_tracking.parse({
        task_type: 'agent_profiles_tracking',
        watchlist_id: w.id,
        profile_urns: urns.slice(i * PROFILES_PER_TASK, (i + 1) * PROFILES_PER_TASK),
        count: POSTS_PER_TARGET,
      }),
    });
  }
  return tasks;
}

/**
 * The URNs of what a keyword watchlist already holds for one keyword, newest first, at most KNOWN_POSTS_MAX: its
 * posts whose text holds the keyword (a post another keyword brought is known to this search too;
 * a keyword added later knows nothing yet, so its first cycle reads back in time). The agent's
 * search stops where it meets them, so a cycle costs the calls its new posts need
 * (docs/network-map.md, "Server-driven calls").
 */
async function knownPosts(tx: Queryable, watchlistId: string, keyword: string): Promise<string[]> {
  const rows = await tx.query<{ urn: string }>(
    `SELECT p.activity_urn AS urn
       FROM watchlist_posts wp JOIN posts p ON p.id = wp.post_id
      WHERE wp.watchlist_id = $1 AND position(lower($2) IN lower(p.content)) > 0
      ORDER BY wp.posted_at DESC, wp.post_id LIMIT $3`,
    [watchlistId, keyword, KNOWN_POSTS_MAX],
  );
  return rows.map((r) => r.urn);
}

/**
 * A list member as the profiles-tracking operation takes it: a profile URN when the id is known;
 * a profile added by URL or slug goes as its bare public identifier, which the agent resolves.
 */
function profileRef(identifier: string, kind: string): string {
  if (kind === 'profile_id') return `urn:${URN_NS}:fsd_profile:${identifier}`;
  if (kind === 'member_id') return `urn:${URN_NS}:member:${identifier}`;
  return identifier;
}

/**
 * Queues one cycle of `w` and moves its next due time on by its current frequency (so a changed
 * frequency applies from the next cycle). A watchlist with nothing to collect yet (prompt-mode
 * keywords still being generated, an empty list) stays due, so it is planned once it has targets.
 * Returns the number of tasks queued (targets whose last task is still open are skipped).
 */
export async function planCycle(tx: Queryable, signals: TaskSignals, w: DueWatchlist): Promise<{ targets: number; queued: number }> {
  const tasks = await collectionTasks(tx, w);
  if (tasks.length === 0) return { targets: 0, queued: 0 };
  let queued = 0;
  for (const task of tasks) if (await enqueueTask(tx, signals, task)) queued++;
  await tx.query(
    `UPDATE watchlists
        SET next_due_at = now() + make_interval(hours => fetch_freq_hours), last_planned_at = now()
      WHERE id = $1`,
    [w.id],
  );
  return { targets: tasks.length, queued };
}
