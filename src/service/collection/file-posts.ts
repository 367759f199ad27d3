import { isUuid } from '../db/is-uuid.js';
import type { Queryable } from '../db/database.js';
import type { CompletedTask } from '../tasks/completion-hooks.js';
import { MAX_POST_COUNT, PostsOutput, type NetworkPost } from '../../contract/task-outputs.js';
import { normalizePostUrn, postTimeFromUrn } from '../../contract/urns.js';
import { classifySeniority } from './seniority.js';
import { matchesKeywordRule } from './keyword-filter.js';
import {
  engagementRate,
  TRENDING_THRESHOLD,
  TRENDING_WINDOW_POSTS,
  trendingScore,
} from './trending.js';

interface FilingResult {
  /** Posts of the output that passed the watchlist's rule and were filed (new or seen again). */
  filed: number;
  /** Of those, posts the watchlist had not collected before. */
  added: number;
  /** Posts dropped by the keyword rule (AND/NOT). */
  filteredOut: number;
  /** Posts that could not be filed, each with why; the others were filed all the same. */
  skipped: { social_urn: string; reason: string }[];
  watchlistId: string;
  /** The ids (as /api-posts shows them) of the posts the watchlist had not collected before. */
  addedPostIds: string[];
}

/** Posts dated outside these years are refused one by one (the ids encode 2010s-2020s times). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/**
 * Files a collection task's output as its watchlist's posts, inside the task's completion
 * transaction: one `posts` row per team and activity URN (counts refreshed when seen again), one
 * `watchlist_posts` row per watchlist, seniority from the headline, trending score against the
 * watchlist's norm. A task without a watchlist, or whose watchlist is gone (deleted meanwhile), files
 * nothing (null).
 */
export async function fileCollectionOutput(
  tx: Queryable,
  task: CompletedTask,
): Promise<FilingResult | null> {
  const result: FilingResult = {
    filed: 0,
    added: 0,
    filteredOut: 0,
    skipped: [],
    watchlistId: '',
    addedPostIds: [],
  };
  const inputWatchlist =
    typeof task.input.watchlist_id === 'string' ? task.input.watchlist_id : null;
  const watchlistId = task.watchlistId ?? inputWatchlist;
  // fetch-profiles-posts called directly (no watchlist) is a plain task: nothing to file.
  if (!watchlistId || !isUuid(watchlistId)) return null;

  const [watchlist] = await tx.query<{
    id: string;
    type: string;
    slack_webhook_url: string | null;
  }>('SELECT id, type, slack_webhook_url FROM watchlists WHERE id = $1 AND team_id = $2', [
    watchlistId,
    task.teamId,
  ]);
  if (!watchlist) return null;
  result.watchlistId = watchlist.id;

  const { required, excluded } = await keywordRule(tx, watchlist.id, task);
  const [{ now }] = (await tx.query<{ now: Date }>('SELECT now() AS now')) as [{ now: Date }];
  const announce = watchlist.type === 'keyword' && watchlist.slack_webhook_url !== null;

  const seen = new Set<string>();
  const filed: { postId: string; postedAt: Date; engagement: number; countsKnown: boolean }[] = [];
  for (const post of PostsOutput.parse(task.output).posts) {
    const urn = normalizePostUrn(post.social_urn) ?? post.social_urn.trim();
    if (!urn || seen.has(urn)) continue;
    seen.add(urn);
    if (!matchesKeywordRule(post.content, required, excluded)) {
      result.filteredOut++;
      continue;
    }
    const when = postedAt(post, urn, now);
    const time = Date.parse(when);
    if (!(time >= EARLIEST && time < LATEST)) {
      result.skipped.push({
        social_urn: urn,
        reason: `posted_at ${post.posted_at} is outside 1970-2100`,
      });
      continue;
    }
    // Each post on its own: one the database refuses is skipped, the rest land.
    await tx.query('SAVEPOINT file_post');
    try {
      const row = await upsertPost(tx, task.teamId, urn, post, when);
      const [link] = await tx.query<{ inserted: boolean }>(
        `INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at, engagement, author_seniority, slack_pending)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (watchlist_id, post_id) DO UPDATE
           SET engagement = EXCLUDED.engagement, posted_at = EXCLUDED.posted_at, author_seniority = EXCLUDED.author_seniority
         RETURNING (xmax = 0) AS inserted`,
        [
          watchlist.id,
          row.id,
          task.teamId,
          row.posted_at,
          row.engagement,
          row.author_seniority,
          announce,
        ],
      );
      // Other watchlists that hold the same post sort it by the same, fresh engagement.
      await tx.query(
        'UPDATE watchlist_posts SET engagement = $2 WHERE post_id = $1 AND watchlist_id <> $3 AND engagement <> $2',
        [row.id, row.engagement, watchlist.id],
      );
      await tx.query('RELEASE SAVEPOINT file_post');
      result.filed++;
      if (link?.inserted) {
        result.added++;
        result.addedPostIds.push(row.id);
      }
      filed.push({
        postId: row.id,
        postedAt: new Date(row.posted_at),
        engagement: row.engagement,
        countsKnown: row.counts_known,
      });
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT file_post');
      await tx.query('RELEASE SAVEPOINT file_post');
      result.skipped.push({ social_urn: urn, reason: (err as Error).message.slice(0, 200) });
    }
  }
  if (filed.length > 0) await scoreTrending(tx, watchlist.id, filed, now);
  return result;
}

/** Keyword tasks: the AND/NOT lists of the watchlist's current keyword row; the task's own as fallback. */
async function keywordRule(tx: Queryable, watchlistId: string, task: CompletedTask) {
  if (task.type !== 'agent_keyword_tracking') return { required: [], excluded: [] };
  const strings = (v: unknown) =>
    Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  const keyword = typeof task.input.keyword === 'string' ? task.input.keyword : '';
  const [row] = await tx.query<{ required_keywords: unknown; excluded_keywords: unknown }>(
    `SELECT required_keywords, excluded_keywords FROM watchlist_keywords
      WHERE watchlist_id = $1 AND lower(trim(keyword)) = lower(trim($2)) ORDER BY position LIMIT 1`,
    [watchlistId, keyword],
  );
  return row
    ? { required: strings(row.required_keywords), excluded: strings(row.excluded_keywords) }
    : {
        required: strings(task.input.required_keywords),
        excluded: strings(task.input.excluded_keywords),
      };
}

function authorUrl(author: NetworkPost['post_author']): string {
  if (!author.author_slug) return '';
  const kind = /company|organi[sz]ation/i.test(author.author_type) ? 'company' : 'in';
  return `https://www.linkedin.com/${kind}/${encodeURIComponent(author.author_slug)}/`;
}

function postedAt(post: NetworkPost, urn: string, now: Date): string {
  const parsed = Date.parse(post.posted_at);
  if (!Number.isNaN(parsed)) return new Date(parsed).toISOString();
  // docs/network-internal-api.md: the activity id encodes the creation time; the visible "14h" is not parsed.
  return postTimeFromUrn(urn) ?? now.toISOString();
}

// The contract caps them already (task-outputs.ts); the column's range is held here too. An
// unknown count (null) is stored as 0 with its `_known` flag false (027b_post_counts_known.sql).
const count = (n: number | null) =>
  n === null ? 0 : Math.min(Math.max(0, Math.floor(n)), MAX_POST_COUNT);

async function upsertPost(
  tx: Queryable,
  teamId: string,
  urn: string,
  post: NetworkPost,
  when: string,
) {
  const author = post.post_author;
  const [row] = await tx.query<{
    id: string;
    posted_at: Date;
    engagement: number;
    author_seniority: string;
    counts_known: boolean;
  }>(
    // A count this read did not give keeps the stored one: a hollow re-read never zeroes a post.
    `INSERT INTO posts (id, team_id, activity_urn, post_url, content, author_name, author_url, author_slug, author_type,
                        author_headline, author_image_url, author_seniority, posted_at, likes_count, comments_count,
                        shares_count, image_urls, videos, likes_known, comments_known, shares_known)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
     ON CONFLICT (team_id, activity_urn) DO UPDATE
       SET likes_count = CASE WHEN EXCLUDED.likes_known THEN EXCLUDED.likes_count ELSE posts.likes_count END,
           comments_count = CASE WHEN EXCLUDED.comments_known THEN EXCLUDED.comments_count ELSE posts.comments_count END,
           shares_count = CASE WHEN EXCLUDED.shares_known THEN EXCLUDED.shares_count ELSE posts.shares_count END,
           likes_known = posts.likes_known OR EXCLUDED.likes_known,
           comments_known = posts.comments_known OR EXCLUDED.comments_known,
           shares_known = posts.shares_known OR EXCLUDED.shares_known,
           content = EXCLUDED.content,
           author_headline = EXCLUDED.author_headline, author_seniority = EXCLUDED.author_seniority,
           last_seen_at = now()
     RETURNING id, posted_at, engagement, author_seniority,
               likes_known AND comments_known AND shares_known AS counts_known`,
    [
      crypto.randomUUID(),
      teamId,
      urn,
      post.linkedin_post_url,
      post.content,
      author.full_name,
      authorUrl(author),
      author.author_slug || null,
      author.author_type || null,
      author.headline,
      author.image_url,
      classifySeniority(author.headline),
      when,
      count(post.likes_count),
      count(post.comments_count),
      count(post.shares_count),
      post.image_urls === null ? null : JSON.stringify(post.image_urls),
      post.videos === null ? null : JSON.stringify(post.videos),
      post.likes_count !== null,
      post.comments_count !== null,
      post.shares_count !== null,
    ],
  );
  return row!;
}

/**
 * trending.ts has the formula; the norm is the median rate of the watchlist's last 200 posts. A
 * post whose counts were never all given is left out of both: its engagement is not known, so it
 * neither gets a score from a zero nor lowers the norm with one.
 */
async function scoreTrending(
  tx: Queryable,
  watchlistId: string,
  filed: { postId: string; postedAt: Date; engagement: number; countsKnown: boolean }[],
  now: Date,
) {
  const scored = filed.filter((p) => p.countsKnown);
  if (scored.length === 0) return;
  const [norm] = await tx.query<{ median: number | null }>(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY rate) AS median FROM (
       SELECT w.engagement / GREATEST(EXTRACT(EPOCH FROM (now() - w.posted_at)) / 3600.0, 1.0) AS rate
         FROM watchlist_posts w JOIN posts p ON p.id = w.post_id
        WHERE w.watchlist_id = $1 AND p.likes_known AND p.comments_known AND p.shares_known
        ORDER BY w.posted_at DESC, w.post_id LIMIT ${TRENDING_WINDOW_POSTS}) recent`,
    [watchlistId],
  );
  const median = Number(norm?.median ?? 0);
  for (const p of scored) {
    const score = trendingScore(engagementRate(p.engagement, p.postedAt, now), median);
    await tx.query(
      'UPDATE watchlist_posts SET trending_score = $3, trending = $4 WHERE watchlist_id = $1 AND post_id = $2',
      [watchlistId, p.postId, score, score >= TRENDING_THRESHOLD],
    );
    await tx.query('UPDATE posts SET trending_score = $2 WHERE id = $1', [p.postId, score]);
  }
}
