import type { Queryable } from '../db/database.js';
import type { CollectedPost, PostsQuery } from '../../contract/posts.js';
import type { CsvColumn } from '../csv/write-csv.js';
import { keysetBatches } from '../csv/keyset-batches.js';
import { POST_COLUMNS, postsSelection } from './list-posts.js';

/** Which of its counts the network ever gave: a count never given is unknown, not zero. */
interface CountsKnown {
  likes_known: boolean;
  comments_known: boolean;
  shares_known: boolean;
}
type ExportedPost = Omit<CollectedPost, 'posted_at'> & CountsKnown & { posted_at: Date | string };
type Row = ExportedPost & { k_engagement: number; k_at: string; k_id: string };
interface Key {
  engagement: number;
  at: string;
  id: string;
}

export const POST_CSV_COLUMNS: CsvColumn<ExportedPost>[] = [
  { header: 'id', value: (p) => p.id },
  { header: 'posted_at', value: (p) => new Date(p.posted_at) },
  { header: 'author_name', value: (p) => p.author_name },
  { header: 'author_url', value: (p) => p.author_url },
  { header: 'linkedin_post_url', value: (p) => p.linkedin_post_url },
  { header: 'content', value: (p) => p.content },
  // The stored 0 of a count never given is unknown: its cell stays empty, never 0.
  { header: 'likes_count', value: (p) => (p.likes_known ? p.likes_count : null) },
  { header: 'comments_count', value: (p) => (p.comments_known ? p.comments_count : null) },
  { header: 'shares_count', value: (p) => (p.shares_known ? p.shares_count : null) },
  { header: 'counts_known', value: (p) => p.counts_known },
  { header: 'liked', value: (p) => p.liked },
  { header: 'commented', value: (p) => p.commented },
  { header: 'seniority_level', value: (p) => p.seniority_level },
  { header: 'trending_score', value: (p) => Number(p.trending_score) },
];

/**
 * Every post `/api-posts` would list for these filters, in its order, read a batch at a time after
 * the last one's sort key (the listing's own indexes bound each read), so an export of any size
 * holds one batch. Paging parameters do not apply. Throws the listing's 404 before the first row.
 */
export async function exportPosts(
  db: Queryable,
  teamId: string,
  q: PostsQuery,
  batchSize = 500,
): Promise<AsyncGenerator<ExportedPost>> {
  const sel = await postsSelection(db, teamId, q);
  const { t } = sel;
  const id = t === 's' ? 's.post_id' : 'p.id';
  // Sort keys in the listing's order. `posted_at` as text keeps its microseconds.
  const keys = `${t}.engagement AS k_engagement, ${t}.posted_at::text AS k_at, ${id}::text AS k_id`;
  const after = (params: unknown[], k: Key): string => {
    const p = (v: unknown) => `$${params.push(v)}`;
    const at = `${p(k.at)}::timestamptz`;
    const kid = `${p(k.id)}::uuid`;
    if (t === 'p') {
      return sel.popular
        ? `(p.engagement, p.posted_at, p.id) < (${p(k.engagement)}, ${at}, ${kid})`
        : `(p.posted_at, p.id) < (${at}, ${kid})`;
    }
    // The watchlist's order breaks ties by post_id ascending: bounded by the descending keys.
    const lead = sel.popular ? `(s.engagement, s.posted_at)` : 's.posted_at';
    const leadValue = sel.popular ? `(${p(k.engagement)}, ${at})` : at;
    return `${lead} <= ${leadValue} AND (${lead} < ${leadValue} OR s.post_id > ${kid})`;
  };
  return keysetBatches<Row, Key>(
    async (cursor, limit) => {
      const params = [...sel.params];
      const where = [...sel.where];
      if (cursor) where.push(after(params, cursor));
      params.push(limit);
      return db.query<Row>(
        `SELECT ${POST_COLUMNS(t)}, p.likes_known, p.comments_known, p.shares_known, ${keys}
           FROM ${sel.from} WHERE ${where.join(' AND ')}
          ORDER BY ${sel.order} LIMIT $${params.length}`,
        params,
      );
    },
    (r) => ({ engagement: Number(r.k_engagement), at: r.k_at, id: r.k_id }),
    batchSize,
  );
}
