import type { DraftComments } from '../../contract/watchlists.js';
import { isUuid } from '../db/is-uuid.js';
import type { Queryable } from '../db/database.js';
import type { KeywordView, KeywordWatchlistView, Label } from '../../contract/watchlists.js';
import type { z } from 'zod/mini';
import type {
  CompanyWatchlistSummary,
  CompanyWatchlistView,
  ListView,
  PeopleWatchlistSummary,
  PeopleWatchlistView,
} from '../../contract/watchlists.js';
import {
  COLLECTION_COLUMNS,
  collectionFields,
  type CollectionColumns,
} from './collection-state.js';

/** Read side of the watchlist routes: every query is scoped by team and type. */

const iso = (d: Date | string) => new Date(d).toISOString();

interface KeywordWatchlistRow extends CollectionColumns {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  keywords: KeywordView[];
  labels: Label[];
  fetch_freq_hours: number;
  disabled: boolean;
  slack_webhook_url: string | null;
  draft_comments: (DraftComments & { since?: string }) | null;
  prompt: string | null;
  prompt_status: 'pending' | 'ready' | 'failed' | null;
  prompt_error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The setting as it was sent: `since` (when it was set) is the service's own. */
function draftCommentsView(
  stored: (DraftComments & { since?: string }) | null,
): DraftComments | null {
  if (!stored) return null;
  const { since: _since, ...setting } = stored;
  return setting;
}

export async function keywordWatchlists(
  db: Queryable,
  teamId: string,
  id?: string,
): Promise<KeywordWatchlistView[]> {
  if (id !== undefined && !isUuid(id)) return [];
  const rows = await db.query<KeywordWatchlistRow>(
    `SELECT w.id, w.name, w.slug, w.description, w.labels, w.fetch_freq_hours, w.disabled, w.slack_webhook_url,
            w.draft_comments, w.prompt, w.prompt_status, w.prompt_error, w.created_at, w.updated_at, ${COLLECTION_COLUMNS},
            COALESCE((SELECT jsonb_agg(jsonb_build_object('id', k.id, 'keyword', k.keyword,
                                                          'required_keywords', k.required_keywords,
                                                          'excluded_keywords', k.excluded_keywords)
                                       ORDER BY k.position, k.created_at)
                        FROM watchlist_keywords k WHERE k.watchlist_id = w.id), '[]'::jsonb) AS keywords
       FROM watchlists w
      WHERE w.team_id = $1 AND w.type = 'keyword' AND ($2::uuid IS NULL OR w.id = $2::uuid)
      ORDER BY w.created_at DESC, w.id`,
    [teamId, id ?? null],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    type: 'keyword' as const,
    description: r.description,
    keywords: r.keywords,
    labels: r.labels,
    fetchFreqInHours: r.fetch_freq_hours,
    disable: r.disabled,
    slack_webhook_url: r.slack_webhook_url,
    draft_comments: draftCommentsView(r.draft_comments),
    prompt: r.prompt,
    prompt_status: r.prompt_status,
    prompt_error: r.prompt_error,
    ...collectionFields(r),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }));
}

/** The list form of people or company watchlists (GET without `id`), each with its count of members and collection. */
export async function watchlistSummaries(
  db: Queryable,
  teamId: string,
  type: 'people',
): Promise<PeopleWatchlistSummary[]>;
export async function watchlistSummaries(
  db: Queryable,
  teamId: string,
  type: 'company',
): Promise<CompanyWatchlistSummary[]>;
export async function watchlistSummaries(
  db: Queryable,
  teamId: string,
  type: 'people' | 'company',
): Promise<(PeopleWatchlistSummary | CompanyWatchlistSummary)[]>;
export async function watchlistSummaries(
  db: Queryable,
  teamId: string,
  type: 'people' | 'company',
): Promise<(PeopleWatchlistSummary | CompanyWatchlistSummary)[]> {
  const rows = await db.query<
    CollectionColumns & {
      id: string;
      name: string;
      slug: string;
      fetch_freq_hours: number;
      disabled: boolean;
      members_count: number;
      created_at: Date;
    }
  >(
    `SELECT w.id, w.name, w.slug, w.fetch_freq_hours, w.disabled, w.created_at, ${COLLECTION_COLUMNS},
            (SELECT count(*)::int FROM list_members m JOIN lists l ON l.id = m.list_id
              WHERE m.list_id = w.list_id AND l.team_id = w.team_id) AS members_count
       FROM watchlists w
      WHERE w.team_id = $1 AND w.type = $2
      ORDER BY w.created_at DESC, w.id`,
    [teamId, type],
  );
  return rows.map((r) => {
    const common = {
      id: r.id,
      name: r.name,
      slug: r.slug,
      createdAt: iso(r.created_at),
      fetchFreqInHours: r.fetch_freq_hours,
      disable: r.disabled,
      ...collectionFields(r),
    };
    return type === 'people'
      ? { ...common, type, profiles_count: r.members_count }
      : { ...common, type, companies_count: r.members_count };
  });
}

interface ListWatchlistRow extends CollectionColumns {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  fetch_freq_hours: number;
  disabled: boolean;
  list_id: string | null;
  created_at: Date;
}

type ListWatchlistView = z.infer<typeof PeopleWatchlistView> | z.infer<typeof CompanyWatchlistView>;

/** One people or company watchlist with its list and the list's members; null when not the team's. */
export async function listWatchlist(
  db: Queryable,
  teamId: string,
  type: 'people',
  id: string,
): Promise<z.infer<typeof PeopleWatchlistView> | null>;
export async function listWatchlist(
  db: Queryable,
  teamId: string,
  type: 'company',
  id: string,
): Promise<z.infer<typeof CompanyWatchlistView> | null>;
export async function listWatchlist(
  db: Queryable,
  teamId: string,
  type: 'people' | 'company',
  id: string,
): Promise<ListWatchlistView | null>;
export async function listWatchlist(
  db: Queryable,
  teamId: string,
  type: 'people' | 'company',
  id: string,
): Promise<ListWatchlistView | null> {
  if (!isUuid(id)) return null;
  const [w] = await db.query<ListWatchlistRow>(
    `SELECT w.id, w.name, w.slug, w.description, w.fetch_freq_hours, w.disabled, w.list_id, w.created_at, ${COLLECTION_COLUMNS}
       FROM watchlists w WHERE w.id = $1 AND w.team_id = $2 AND w.type = $3`,
    [id, teamId, type],
  );
  if (!w) return null;
  const lists = await db.query<{
    id: string;
    name: string;
    kind: 'people' | 'company';
    members_count: number;
    created_at: Date;
  }>(
    `SELECT l.id, l.name, l.kind, l.created_at, (SELECT count(*)::int FROM list_members m WHERE m.list_id = l.id) AS members_count
       FROM lists l WHERE l.id = $1 AND l.team_id = $2`,
    [w.list_id, teamId],
  );
  const members = await db.query<{ identifier: string }>(
    `SELECT m.identifier FROM list_members m JOIN lists l ON l.id = m.list_id
      WHERE m.list_id = $1 AND l.team_id = $2 ORDER BY m.added_at, m.identifier`,
    [w.list_id, teamId],
  );
  const listViews: z.infer<typeof ListView>[] = lists.map((l) => ({
    id: l.id,
    name: l.name,
    kind: l.kind,
    members_count: l.members_count,
    createdAt: iso(l.created_at),
  }));
  const common = {
    id: w.id,
    name: w.name,
    slug: w.slug,
    description: w.description,
    fetchFreqInHours: w.fetch_freq_hours,
    disable: w.disabled,
    lists: listViews,
    ...collectionFields(w),
    createdAt: iso(w.created_at),
  };
  const identifiers = members.map((m) => m.identifier);
  return type === 'people'
    ? { ...common, type, profiles_count: identifiers.length, profiles: identifiers }
    : { ...common, type, companies_count: identifiers.length, companies: identifiers };
}
