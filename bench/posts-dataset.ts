import type { Queryable } from '../src/service/db/database.js';
import type { BenchService } from './setup.js';

const LEVELS = [
  'owner',
  'cxo',
  'vp',
  'director',
  'manager',
  'senior',
  'entry',
  'intern',
  'unknown',
];
const CHUNK = 250_000;
const LOADED_TABLES = ['posts', 'watchlist_posts'];

/**
 * `posts` posts spread over ~2 years (one a minute back from 2026-01-01), every level of seniority
 * in turn, 2% trending; all in one new watchlist of the bench team. Returns the watchlist id.
 *
 * Speed: each chunk is one generate_series statement writing both tables (a data-modifying CTE),
 * and the secondary indexes are dropped for the load and rebuilt from their own definitions
 * (pg_indexes) afterwards — one sort per index instead of a million random insertions. Primary and
 * unique keys stay, so the rows are checked as the service's own inserts would be.
 */
export async function loadPosts(
  svc: BenchService,
  posts: number,
  onProgress?: (loaded: number) => void,
): Promise<string> {
  const { db } = svc.ctx;
  const wl = crypto.randomUUID();
  await db.query(
    `INSERT INTO watchlists (id, team_id, type, name, slug) VALUES ($1, $2, 'keyword', 'bench', 'bench')`,
    [wl, svc.teamId],
  );
  const rebuild = await dropSecondaryIndexes(db);
  try {
    for (let from = 1; from <= posts; from += CHUNK) {
      const to = Math.min(posts, from + CHUNK - 1);
      await db.query(
        `WITH filed AS (
           INSERT INTO posts (id, team_id, activity_urn, post_url, content, author_name, author_url, author_seniority, posted_at,
                              likes_count, comments_count, shares_count, trending_score)
           SELECT gen_random_uuid(), $1, 'urn:li:activity:' || (7000000000000000000 + g),
                  'https://www.linkedin.com/feed/update/urn:li:activity:' || (7000000000000000000 + g) || '/',
                  'Bench post ' || g || ' about a topic worth reading', 'Author ' || (g % 5000),
                  'https://www.linkedin.com/in/author-' || (g % 5000) || '/', ($4::text[])[1 + (g % 9)::int],
                  timestamptz '2026-01-01' - g * interval '60 seconds', (g * 7919) % 500, (g * 104729) % 50, (g * 31) % 10,
                  CASE WHEN g % 50 = 0 THEN 3 ELSE 0.5 END
             FROM generate_series($2::bigint, $3::bigint) g
           RETURNING id, team_id, posted_at, engagement, author_seniority, author_url, trending_score)
         INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at, engagement, author_seniority, author_url, trending_score, trending)
         SELECT $5, id, team_id, posted_at, engagement, author_seniority, author_url, trending_score, trending_score >= 2 FROM filed`,
        [svc.teamId, from, to, LEVELS, wl],
      );
      onProgress?.(to);
    }
  } finally {
    for (const statement of rebuild) await db.query(statement);
  }
  await db.query('VACUUM ANALYZE posts');
  await db.query('VACUUM ANALYZE watchlist_posts');
  await db.query('VACUUM ANALYZE watchlist_author_months');
  await db.query('VACUUM ANALYZE watchlist_author_years');
  return wl;
}

/** Drops the indexes of the loaded tables that back no constraint; returns their CREATE statements. */
async function dropSecondaryIndexes(db: Queryable): Promise<string[]> {
  const indexes = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def
       FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = to_regclass(quote_ident(i.indexname)))`,
    [LOADED_TABLES],
  );
  for (const index of indexes) await db.query(`DROP INDEX ${quoteIdent(index.name)}`);
  return indexes.map((i) => i.def);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
