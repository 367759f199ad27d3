import type { Queryable } from '../db/database.js';
import type { TaskSignals } from '../tasks/task-signals.js';
import { URN_NS } from '../../contract/common.js';
import { KNOWN_POSTS_MAX } from '../../contract/task-io.js';

/** Posts asked for per keyword or company per cycle. */
const POSTS_PER_TARGET = 20;
/** People watchlists: profiles per `agent_profiles_tracking` task. */
const PROFILES_PER_TASK = 25;

/**
 * The collection tasks of one cycle of each watchlist in `due` (docs/agent-protocol.md, "Task
 * types"), as rows (watchlist_id, team_id, type, target_key, input): one per keyword, one per
 * company, one per 25 people. Each has a target key, so a target whose previous task is still open
 * gets no second one. The inputs are the contract's (task-io.ts: KeywordTrackingInput,
 * CompanyTrackingInput, agent_profiles_tracking), built in SQL; the scheduler tests compare them.
 */
const CYCLE_TASKS = `
  SELECT d.id AS watchlist_id, d.team_id, 'agent_keyword_tracking' AS type,
         'keyword:' || d.id || ':' || lower(trim(k.keyword)) AS target_key,
         jsonb_build_object('task_type', 'agent_keyword_tracking', 'watchlist_id', d.id, 'keyword', trim(k.keyword),
                            'required_keywords', k.required_keywords, 'excluded_keywords', k.excluded_keywords, 'count', ${POSTS_PER_TARGET})
           || CASE WHEN known.urns IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('known_post_urns', known.urns) END AS input
    FROM due d JOIN watchlist_keywords k ON k.watchlist_id = d.id
    -- What the watchlist already holds for the keyword, newest first: its posts whose text holds the
    -- keyword (a post another keyword brought is known to this search too; a keyword added later
    -- knows nothing yet, so its first cycle reads back in time). The agent's search stops where it
    -- meets them, so a cycle costs the calls its new posts need (docs/network-map.md, "Server-driven calls").
    LEFT JOIN LATERAL (
      SELECT jsonb_agg(urn ORDER BY posted_at DESC, post_id) AS urns
        FROM (SELECT p.activity_urn AS urn, wp.posted_at, wp.post_id
                FROM watchlist_posts wp JOIN posts p ON p.id = wp.post_id
               WHERE wp.watchlist_id = d.id AND position(lower(trim(k.keyword)) IN lower(p.content)) > 0
               ORDER BY wp.posted_at DESC, wp.post_id LIMIT ${KNOWN_POSTS_MAX}) held) known ON true
   WHERE d.type = 'keyword' AND trim(k.keyword) <> ''
  UNION ALL
  SELECT d.id, d.team_id, 'agent_company_tracking', 'company:' || d.id || ':' || m.identifier,
         jsonb_build_object('task_type', 'agent_company_tracking', 'watchlist_id', d.id, 'company', m.identifier, 'count', ${POSTS_PER_TARGET})
    FROM due d JOIN lists l ON l.id = d.list_id AND l.team_id = d.team_id JOIN list_members m ON m.list_id = l.id
   WHERE d.type = 'company' AND m.identifier_kind = 'company_slug'
  UNION ALL
  SELECT watchlist_id, team_id, 'agent_profiles_tracking', 'people:' || watchlist_id || ':' || batch,
         jsonb_build_object('task_type', 'agent_profiles_tracking', 'watchlist_id', watchlist_id,
                            'profile_urns', jsonb_agg(ref ORDER BY n), 'count', ${POSTS_PER_TARGET})
    FROM (SELECT d.id AS watchlist_id, d.team_id, n, (n - 1) / ${PROFILES_PER_TASK} AS batch,
                 -- A profile by its id as a URN; one added by URL or slug as its bare public identifier, which the agent resolves.
                 CASE m.identifier_kind WHEN 'profile_id' THEN 'urn:${URN_NS}:fsd_profile:' || m.identifier
                                        WHEN 'member_id' THEN 'urn:${URN_NS}:member:' || m.identifier
                                        ELSE m.identifier END AS ref
            FROM due d JOIN lists l ON l.id = d.list_id AND l.team_id = d.team_id
            CROSS JOIN LATERAL (SELECT identifier, identifier_kind, row_number() OVER (ORDER BY added_at, identifier) AS n
                                  FROM list_members WHERE list_id = l.id AND identifier_kind <> 'company_slug') m
           WHERE d.type = 'people') p
   GROUP BY watchlist_id, team_id, batch`;

/**
 * Plans a cycle of every watchlist `due` selects (a query of watchlist rows with their
 * `fetch_freq_hours`, locked: `FOR UPDATE`) in one statement: its collection tasks inserted
 * (targets whose last task is still open skipped), and its next due time (`watchlist_schedule`)
 * moved on by its current frequency (so a changed frequency applies from the next cycle), in the
 * same transaction as the caller's. A watchlist with nothing to collect yet (prompt-mode keywords
 * still being generated, an empty list) stays due, so it is planned once it has targets; its due
 * time becomes now, which puts it behind every watchlist due before it, so however many wait that
 * way, they never fill a tick's batch twice in a row ahead of the others. Waiting claims of the
 * teams that got tasks are woken at the commit.
 */
export async function planCycles(
  tx: Queryable,
  signals: TaskSignals,
  due: { sql: string; params: unknown[] },
): Promise<{ due: number; planned: string[]; queued: number }> {
  const [row] = await tx.query<{ due: number; planned: string[]; queued: number; teams: string[] }>(
    `WITH due AS (${due.sql}),
     cycle AS (${CYCLE_TASKS}),
     inserted AS (
       INSERT INTO tasks (id, team_id, type, input, status, watchlist_id, target_key, queued_by)
       SELECT gen_random_uuid(), team_id, type, input, 'pending', watchlist_id, target_key, 'watchlist' FROM cycle
       ON CONFLICT (team_id, target_key) WHERE target_key IS NOT NULL AND status IN ('pending', 'processing') DO NOTHING
       RETURNING team_id),
     moved AS (
       UPDATE watchlist_schedule s SET next_due_at = now() + make_interval(hours => d.fetch_freq_hours), last_planned_at = now()
         FROM due d
        WHERE s.watchlist_id = d.id AND d.id IN (SELECT watchlist_id FROM cycle)
       RETURNING s.watchlist_id AS id),
     waiting AS (
       UPDATE watchlist_schedule s SET next_due_at = now()
         FROM (SELECT id FROM due EXCEPT SELECT watchlist_id FROM cycle) idle
        WHERE s.watchlist_id = idle.id)
     SELECT (SELECT count(*)::int FROM due) AS due,
            (SELECT coalesce(array_agg(id::text), '{}') FROM moved) AS planned,
            (SELECT count(*)::int FROM inserted) AS queued,
            (SELECT coalesce(array_agg(DISTINCT team_id::text), '{}') FROM inserted) AS teams`,
    due.params,
  );
  await signals.tasksReady(row!.teams, tx);
  return { due: row!.due, planned: row!.planned, queued: row!.queued };
}
