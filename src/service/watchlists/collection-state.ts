import { RECENT_CYCLES, type CollectionCycle } from '../../contract/watchlists.js';
import { agentActiveSql } from '../tasks/agent-active.js';

/**
 * What every watchlist view adds to the spec's fields: when the watchlist was planned, last
 * collected and will be collected, whether an extension is there to collect it, its recent cycles
 * and its posts. Columns for a query over `watchlists w`, and the
 * mapping of the row they give.
 *
 * A cycle is the collection tasks one planning queued (scheduler/plan-watchlist.ts): they are
 * inserted in one transaction, so they share `created_at`, the cycle's start. The posts a cycle
 * brought are what its completed tasks filed as new (`filing.added`, written into each task's
 * output by collection/register-hooks.ts); only a number the service wrote there is counted.
 */
export const COLLECTION_COLUMNS = `
  (SELECT s.last_planned_at FROM watchlist_schedule s WHERE s.watchlist_id = w.id) AS last_collection_at,
  (SELECT max(t.finished_at) FROM tasks t
    WHERE t.watchlist_id = w.id AND t.team_id = w.team_id AND t.status = 'completed') AS last_collected_at,
  ${agentActiveSql('w.team_id')} AS extension_active,
  -- Paused: none. Never planned, or resumed (next_due_at NULL): due, shown as due since its creation.
  CASE WHEN w.disabled THEN NULL
       ELSE coalesce((SELECT s.next_due_at FROM watchlist_schedule s WHERE s.watchlist_id = w.id), w.created_at)
  END AS next_collection_at,
  (SELECT coalesce(sum(d.posts), 0) FROM post_count_deltas d WHERE d.watchlist_id = w.id) AS posts_count,
  (SELECT coalesce(jsonb_agg(c ORDER BY c.started_at DESC), '[]'::jsonb)
     FROM (SELECT t.created_at AS started_at,
                  count(*) AS tasks,
                  count(*) FILTER (WHERE t.status IN ('pending', 'processing')) AS open_tasks,
                  count(*) FILTER (WHERE t.status = 'failed') AS failed_tasks,
                  coalesce(sum(CASE WHEN t.status = 'completed' AND jsonb_typeof(t.output -> 'filing' -> 'added') = 'number'
                                    THEN (t.output -> 'filing' ->> 'added')::numeric END), 0) AS new_posts,
                  max(t.finished_at) AS finished_at
             FROM tasks t
            WHERE t.watchlist_id = w.id AND t.team_id = w.team_id
            GROUP BY t.created_at
            ORDER BY t.created_at DESC
            LIMIT ${RECENT_CYCLES}) c) AS recent_cycles`;

export interface CollectionColumns {
  last_collection_at: Date | string | null;
  last_collected_at: Date | string | null;
  extension_active: boolean;
  next_collection_at: Date | string | null;
  posts_count: number | string;
  recent_cycles: {
    started_at: string;
    tasks: number;
    open_tasks: number;
    failed_tasks: number;
    new_posts: number | string;
    finished_at: string | null;
  }[];
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function collectionFields(r: CollectionColumns) {
  return {
    posts_count: Number(r.posts_count),
    last_collection_at: r.last_collection_at === null ? null : iso(r.last_collection_at),
    last_collected_at: r.last_collected_at === null ? null : iso(r.last_collected_at),
    extension_active: r.extension_active,
    next_collection_at: r.next_collection_at === null ? null : iso(r.next_collection_at),
    recent_cycles: r.recent_cycles.map(
      (c): CollectionCycle => ({
        started_at: iso(c.started_at),
        finished_at: c.open_tasks > 0 || c.finished_at === null ? null : iso(c.finished_at),
        state: c.open_tasks > 0 ? 'running' : c.failed_tasks === c.tasks ? 'failed' : 'done',
        tasks: c.tasks,
        failed_tasks: c.failed_tasks,
        new_posts: Number(c.new_posts),
      }),
    ),
  };
}
