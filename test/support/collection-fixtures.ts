import { expect } from 'vitest';
import type { TestService } from './test-service.js';
import type { TeamMember } from './task-team.js';
import type { NetworkPost } from '../../src/contract/task-outputs.js';
import type { Queryable } from '../../src/service/db/database.js';

/**
 * Watchlists written straight into their tables (the CRUD routes are another family's), network
 * posts as an agent reports them, and an agent that claims and completes through the real protocol.
 */
export interface KeywordSpec {
  keyword: string;
  required?: string[];
  excluded?: string[];
}

/**
 * Moves the next due time of one watchlist, or of every one, to now plus `interval` (signed, in
 * PostgreSQL's words: '-1 minute' is due a minute ago).
 */
export function setNextDue(
  db: Queryable,
  interval: string,
  watchlistId?: string,
): Promise<unknown> {
  return watchlistId === undefined
    ? db.query('UPDATE watchlist_schedule SET next_due_at = now() + $1::interval', [interval])
    : db.query(
        'UPDATE watchlist_schedule SET next_due_at = now() + $1::interval WHERE watchlist_id = $2',
        [interval, watchlistId],
      );
}

export async function insertKeywordWatchlist(
  svc: TestService,
  teamId: string,
  keywords: (string | KeywordSpec)[],
  opts: { name?: string; freq?: number; webhook?: string | null; disabled?: boolean } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const name = opts.name ?? `kw ${id.slice(0, 8)}`;
  await svc.ctx.db.query(
    `INSERT INTO watchlists (id, team_id, type, name, slug, fetch_freq_hours, slack_webhook_url, disabled)
     VALUES ($1, $2, 'keyword', $3, $4, $5, $6, $7)`,
    [id, teamId, name, `kw-${id}`, opts.freq ?? 12, opts.webhook ?? null, opts.disabled ?? false],
  );
  let position = 0;
  for (const k of keywords) {
    const spec = typeof k === 'string' ? { keyword: k } : k;
    await svc.ctx.db.query(
      `INSERT INTO watchlist_keywords (id, watchlist_id, keyword, required_keywords, excluded_keywords, position)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        crypto.randomUUID(),
        id,
        spec.keyword,
        JSON.stringify(spec.required ?? []),
        JSON.stringify(spec.excluded ?? []),
        position++,
      ],
    );
  }
  return id;
}

export async function insertListWatchlist(
  svc: TestService,
  teamId: string,
  type: 'people' | 'company',
  members: {
    identifier: string;
    kind: 'profile_id' | 'profile_slug' | 'member_id' | 'company_slug';
  }[],
  opts: { freq?: number } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const listId = crypto.randomUUID();
  await svc.ctx.db.query('INSERT INTO lists (id, team_id, kind, name) VALUES ($1, $2, $3, $4)', [
    listId,
    teamId,
    type,
    `list ${id}`,
  ]);
  let i = 0;
  for (const m of members) {
    await svc.ctx.db.query(
      `INSERT INTO list_members (list_id, identifier, identifier_kind, added_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [listId, m.identifier, m.kind, i++],
    );
  }
  await svc.ctx.db.query(
    `INSERT INTO watchlists (id, team_id, type, name, slug, fetch_freq_hours, list_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, teamId, type, `${type} ${id.slice(0, 8)}`, `${type}-${id}`, opts.freq ?? 12, listId],
  );
  return id;
}

let nextActivity = 7_300_000_000_000_000_000n;
/** A post as the agent's parsers report it; a fresh activity URN unless one is given. */
export function networkPost(
  over: Partial<NetworkPost> & { headline?: string; hoursAgo?: number } = {},
): NetworkPost {
  const id = (over.social_urn?.split(':').pop() ?? String(nextActivity++)) as string;
  const { headline, hoursAgo, ...rest } = over;
  return {
    linkedin_post_url: `https://www.linkedin.com/feed/update/urn:li:activity:${id}/`,
    linkedin_post_urn: id,
    social_urn: `urn:li:activity:${id}`,
    content: 'A post about things',
    post_author: {
      author_slug: 'ada-lovelace',
      author_type: 'person',
      full_name: 'Ada Lovelace',
      headline: headline ?? 'Engineer',
      image_url: null,
    },
    posted_at: new Date(Date.now() - (hoursAgo ?? 3) * 3_600_000).toISOString(),
    likes_count: 1,
    shares_count: 0,
    comments_count: 0,
    videos: null,
    image_urls: null,
    ...rest,
  };
}

export interface ClaimedTask {
  id: string;
  type: string;
  input: Record<string, unknown>;
  attempt: number;
}

/** Claims one task as `member` through `/agent/tasks/claim` (no waiting); null when none. */
export async function claimTask(svc: TestService, member: TeamMember): Promise<ClaimedTask | null> {
  const res = await svc.call('POST', '/agent/tasks/claim', {
    body: { wait_s: 0 },
    headers: member.agentHeaders,
  });
  if (res.status === 204) return null;
  expect(res.status).toBe(200);
  return ((await res.json()) as { task: ClaimedTask }).task;
}

export async function completeTask(
  svc: TestService,
  member: TeamMember,
  task: ClaimedTask,
  output: unknown,
) {
  const res = await svc.call('POST', `/agent/tasks/${task.id}/complete`, {
    body: { attempt: task.attempt, output },
    headers: member.agentHeaders,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Claims and completes every task `member` may run; `outputFor` answers each. Returns them. */
export async function runAllTasks(
  svc: TestService,
  member: TeamMember,
  outputFor: (task: ClaimedTask) => unknown,
): Promise<ClaimedTask[]> {
  const done: ClaimedTask[] = [];
  for (let task = await claimTask(svc, member); task; task = await claimTask(svc, member)) {
    await completeTask(svc, member, task, outputFor(task));
    done.push(task);
  }
  return done;
}

export async function getPosts(
  svc: TestService,
  apiKey: string,
  query: Record<string, string> = {},
) {
  const res = await svc.call('GET', `/api-posts?${new URLSearchParams(query)}`, {
    headers: { 'x-api-key': apiKey },
  });
  return {
    status: res.status,
    body: (await res.json()) as { data: Record<string, unknown>[]; count: number; error?: string },
  };
}
