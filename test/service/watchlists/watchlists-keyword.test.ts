import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';
import { setNextDue } from '../../support/collection-fixtures.js';

let svc: TestService;
let a: SignedIn;
let b: SignedIn;

beforeAll(async () => {
  svc = await startTestService();
  a = await signIn(svc, 'ada@keywords.test', 'Ada');
  b = await signIn(svc, 'bob@keywords.test', 'Bob');
});
afterAll(() => svc.close());

// Each test starts from empty watchlists and the free plan, so plan caps never leak between tests.
beforeEach(async () => {
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query('DELETE FROM watchlists');
  await svc.ctx.db.query(`UPDATE teams SET plan = 'free'`);
});

const post = (who: SignedIn, body: unknown) =>
  svc.call('POST', '/api-keyword-watchlist', { body, headers: who.keyHeaders });
const patch = (who: SignedIn, body: unknown) =>
  svc.call('PATCH', '/api-keyword-watchlist', { body, headers: who.keyHeaders });
const get = (who: SignedIn, query = '') =>
  svc.call('GET', `/api-keyword-watchlist${query}`, { headers: who.keyHeaders });

async function create(who: SignedIn, body: Record<string, unknown>) {
  const res = await post(who, body);
  expect(res.status).toBe(201);
  return (await res.json()) as {
    id: string;
    name: string;
    slug: string;
    keywords: string[];
    results: { success: boolean; keyword: string; keyword_id?: string; error?: string }[];
    labels: { name: string; description: string }[];
    fetchFreqInHours: number;
    created: boolean;
  };
}

async function expectError(res: Response, status: number, error: string) {
  expect({ status: res.status, body: await res.json() }).toEqual({ status, body: { error } });
}

const keywordRows = (watchlistId: string) =>
  svc.ctx.db.query<{
    id: string;
    keyword: string;
    required_keywords: string[];
    excluded_keywords: string[];
    position: number;
  }>(
    'SELECT id, keyword, required_keywords, excluded_keywords, position FROM watchlist_keywords WHERE watchlist_id = $1 ORDER BY position',
    [watchlistId],
  );
const countRows = async (table: string) =>
  (await svc.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

async function addTask(
  teamId: string,
  watchlistId: string,
  type: string,
  status: string,
  targetKey: string | null,
) {
  const id = crypto.randomUUID();
  await svc.ctx.db.query(
    `INSERT INTO tasks (id, team_id, type, input, status, watchlist_id, target_key) VALUES ($1, $2, $3, '{}', $4, $5, $6)`,
    [id, teamId, type, status, watchlistId, targetKey],
  );
  return id;
}

async function addPost(teamId: string, watchlistId: string, n: number) {
  const postId = crypto.randomUUID();
  await svc.ctx.db.query(
    `INSERT INTO posts (id, team_id, activity_urn, post_url, posted_at) VALUES ($1, $2, $3, 'https://www.linkedin.com/feed/', now())`,
    [postId, teamId, `urn:li:activity:${7000000000000000000n + BigInt(n)}`],
  );
  await svc.ctx.db.query(
    'INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at) VALUES ($1, $2, $3, now())',
    [watchlistId, postId, teamId],
  );
}

describe('POST /api-keyword-watchlist, direct mode', () => {
  test('creates a watchlist: 201, keywords, per-keyword results with row ids, derived labels, default frequency, generated name and slug', async () => {
    const res = await post(a, {
      keywords: [
        '  AI   agents ',
        {
          keyword: 'LLM ops',
          required_keywords: [' python ', 'Python', ''],
          excluded_keywords: ['crypto'],
        },
      ],
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    const rows = await keywordRows(body.id);
    expect(body).toEqual({
      id: expect.any(String),
      name: 'AI agents, LLM ops',
      slug: 'ai-agents-llm-ops',
      type: 'keyword',
      keywords: ['AI agents', 'LLM ops'],
      fetchFreqInHours: 12,
      labels: [
        { name: 'AI agents', description: 'Posts about "AI agents"' },
        {
          name: 'LLM ops',
          description: 'Posts about "LLM ops" that also mention "python" and none of "crypto"',
        },
      ],
      created: true,
      results: [
        { success: true, keyword: 'AI agents', keyword_id: rows[0]!.id },
        { success: true, keyword: 'LLM ops', keyword_id: rows[1]!.id },
      ],
    });
    // Sub-keywords are trimmed, blank ones dropped, repeats folded case-insensitively.
    expect(rows.map((r) => [r.keyword, r.required_keywords, r.excluded_keywords])).toEqual([
      ['AI agents', [], []],
      ['LLM ops', ['python'], ['crypto']],
    ]);
    // A new keyword watchlist is due at the scheduler's first tick.
    const [w] = await svc.ctx.db.query<{ next_due_at: Date | null; team_id: string }>(
      'SELECT next_due_at, team_id FROM watchlist_schedule WHERE watchlist_id = $1',
      [body.id],
    );
    expect(w).toEqual({ next_due_at: null, team_id: a.team.id });
  });

  test('name, description, labels and fetchFreqInHours are taken as sent', async () => {
    const body = await create(a, {
      keywords: ['robotics'],
      name: 'Robots!',
      description: 'hardware news',
      labels: [{ name: 'Launch', description: 'a product launch' }, { name: 'Hiring' }],
      fetchFreqInHours: 3,
    });
    expect(body).toMatchObject({
      name: 'Robots!',
      slug: 'robots',
      fetchFreqInHours: 3,
      labels: [
        { name: 'Launch', description: 'a product launch' },
        { name: 'Hiring', description: '' },
      ],
    });
    const one = await (await get(a, `?id=${body.id}`)).json();
    expect(one).toMatchObject({
      description: 'hardware news',
      fetchFreqInHours: 3,
      labels: body.labels,
    });
  });

  test('every allowed frequency is accepted; others answer the spec message', async () => {
    for (const f of [1, 3, 6, 12, 24, 48, 72]) {
      const body = await create(a, { keywords: [`topic ${f}`], fetchFreqInHours: f });
      expect(body.fetchFreqInHours).toBe(f);
      await svc.ctx.db.query('DELETE FROM watchlists');
    }
    for (const f of [0, 2, 5, 13, 96, -1, 1.5, '12', null, true]) {
      await expectError(
        await post(a, { keywords: ['x'], fetchFreqInHours: f }),
        400,
        'Invalid fetchFreqInHours value',
      );
    }
    expect(await countRows('watchlists')).toBe(0);
  });

  test('idempotent by keyword set: same primary keywords in any order, case or spacing answer the existing watchlist (200, created false, its own values)', async () => {
    const first = await create(a, {
      keywords: ['AI agents', 'Robotics'],
      fetchFreqInHours: 6,
      labels: [{ name: 'Mine', description: '' }],
    });
    const res = await post(a, {
      keywords: ['  robotics', { keyword: 'ai AGENTS', excluded_keywords: ['x'] }],
      fetchFreqInHours: 24,
      labels: [{ name: 'Other' }],
      name: 'Another name',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: first.id,
      name: first.name,
      slug: first.slug,
      type: 'keyword',
      keywords: ['AI agents', 'Robotics'],
      fetchFreqInHours: 6,
      labels: [{ name: 'Mine', description: '' }],
      created: false,
      results: first.results,
    });
    expect(await countRows('watchlists')).toBe(1);
    // The request's values were not applied either.
    expect((await keywordRows(first.id)).map((r) => r.excluded_keywords)).toEqual([[], []]);
    // A different set (a subset) is a new watchlist; another team's identical set is its own.
    expect((await post(a, { keywords: ['robotics'] })).status).toBe(201);
    const other = await post(b, { keywords: ['AI agents', 'Robotics'] });
    expect(other.status).toBe(201);
    expect((await other.json()).id).not.toBe(first.id);
  });

  test('blank and repeated keywords get per-keyword errors; all blank answers 400 and writes nothing', async () => {
    const body = await create(a, { keywords: ['ai', '   ', 'AI', { keyword: '' }, 'ml'] });
    expect(body.keywords).toEqual(['ai', 'ml']);
    expect(body.results).toEqual([
      { success: true, keyword: 'ai', keyword_id: expect.any(String) },
      { success: false, keyword: '   ', error: 'Keyword is empty after cleaning' },
      { success: false, keyword: 'AI', error: 'Duplicate keyword' },
      { success: false, keyword: '', error: 'Keyword is empty after cleaning' },
      { success: true, keyword: 'ml', keyword_id: expect.any(String) },
    ]);
    await svc.ctx.db.query('DELETE FROM watchlists');
    await expectError(
      await post(a, { keywords: ['  ', { keyword: ' ' }] }),
      400,
      'No valid keywords provided after cleaning',
    );
    expect(await countRows('watchlists')).toBe(0);
  });

  test('bad bodies answer 400 with a clear message and write nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Missing required parameter: keywords'],
      [{ keywords: [] }, 'Missing required parameter: keywords'],
      [{ keywords: null }, 'Missing required parameter: keywords'],
      [{ name: 'x' }, 'Missing required parameter: keywords'],
      [{ keywords: 'ai' }, "Invalid 'keywords': must be an array of strings or keyword objects"],
      [
        { keywords: [42] },
        expect.stringContaining("Invalid 'keywords': each keyword must be a string or an object"),
      ],
      [{ keywords: [{ kw: 'x' }] }, expect.stringContaining("Invalid 'keywords'")],
      [
        { keywords: [{ keyword: 'x', required_keywords: 'y' }] },
        expect.stringContaining("Invalid 'keywords'"),
      ],
      [{ keywords: ['x'.repeat(201)] }, "Invalid 'keywords': a keyword is at most 200 characters"],
      [
        { keywords: ['ai'], prompt: 'ai' },
        "Send either 'keywords' (direct mode) or 'prompt' (prompt mode), not both",
      ],
      [{ keywords: ['ai'], labels: 'x' }, "Invalid 'labels': must be an array of labels"],
      [
        { keywords: ['ai'], labels: [{ description: 'no name' }] },
        expect.stringContaining("Invalid 'labels'"),
      ],
      [{ keywords: ['ai'], labels: [{ name: '  ' }] }, expect.stringContaining("Invalid 'labels'")],
      [{ keywords: ['ai'], name: 7 }, "Invalid 'name': must be a string"],
      [{ keywords: ['ai'], name: 'n'.repeat(201) }, "Invalid 'name': at most 200 characters"],
      [{ keywords: ['ai'], colour: 'red' }, "Unknown field: 'colour'"],
      [[1, 2], 'Request body must be a JSON object'],
      ['{"keywords": [', 'Malformed JSON body'],
    ];
    for (const [body, error] of cases) {
      const res = await post(a, body);
      expect({ body, status: res.status, answer: await res.json() }).toEqual({
        body,
        status: 400,
        answer: { error },
      });
    }
    expect(await countRows('watchlists')).toBe(0);
    expect(await countRows('watchlist_keywords')).toBe(0);
  });

  test('slugs are unique per team; names are kept as given', async () => {
    const one = await create(a, { keywords: ['a1'], name: 'Market Watch' });
    const two = await create(a, { keywords: ['a2'], name: 'market watch' });
    const three = await create(a, { keywords: ['a3'], name: 'Market  watch!' });
    expect([one.slug, two.slug, three.slug]).toEqual([
      'market-watch',
      'market-watch-2',
      'market-watch-3',
    ]);
    expect(two.name).toBe('market watch');
    // Another team has its own slug space.
    expect((await create(b, { keywords: ['b1'], name: 'Market Watch' })).slug).toBe('market-watch');
    // A name with nothing slug-worthy falls back to the type.
    await svc.ctx.db.query('DELETE FROM watchlists');
    expect((await create(a, { keywords: ['c1'], name: '!!!' })).slug).toBe('keyword-watchlist');
    expect((await create(a, { keywords: ['c2'], name: 'Café Crème' })).slug).toBe('cafe-creme');
  });
});

describe('GET /api-keyword-watchlist', () => {
  test("lists the team's keyword watchlists with keyword objects, labels, frequency, disable, webhook, dates and post count", async () => {
    const w1 = await create(a, {
      keywords: [{ keyword: 'ai', required_keywords: ['agents'], excluded_keywords: ['crypto'] }],
    });
    const w2 = await create(a, { keywords: ['robots'], fetchFreqInHours: 24 });
    await create(b, { keywords: ['bob only'] });
    await addPost(a.team.id, w1.id, 1);
    await addPost(a.team.id, w1.id, 2);
    await svc.call('POST', '/api-people-watchlist', {
      body: { profiles: ['ada-lovelace'] },
      headers: a.keyHeaders,
    });

    const res = await get(a);
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.count).toBe(2);
    expect(list.watchlists.map((w: { id: string }) => w.id)).toEqual([w2.id, w1.id]);
    const [row] = await keywordRows(w1.id);
    expect(list.watchlists[1]).toEqual({
      id: w1.id,
      name: 'ai',
      slug: 'ai',
      type: 'keyword',
      description: null,
      keywords: [
        {
          id: row!.id,
          keyword: 'ai',
          required_keywords: ['agents'],
          excluded_keywords: ['crypto'],
        },
      ],
      labels: w1.labels,
      fetchFreqInHours: 12,
      disable: false,
      slack_webhook_url: null,
      prompt: null,
      prompt_status: null,
      prompt_error: null,
      posts_count: 2,
      last_collection_at: null,
      last_collected_at: null,
      extension_active: false,
      draft_comments: null,
      next_collection_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      recent_cycles: [],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(list.watchlists[0].posts_count).toBe(0);

    const one = await get(a, `?id=${w1.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(list.watchlists[1]);
  });

  test('unknown, malformed, other-type and other-team ids answer 404', async () => {
    const mine = await create(a, { keywords: ['ai'] });
    const theirs = await create(b, { keywords: ['ai'] });
    const people = await (
      await svc.call('POST', '/api-people-watchlist', {
        body: { profiles: ['ada'] },
        headers: a.keyHeaders,
      })
    ).json();
    for (const id of [crypto.randomUUID(), 'not-a-uuid', theirs.id, people.id, '']) {
      await expectError(
        await get(a, `?id=${encodeURIComponent(id)}`),
        404,
        'Watchlist not found or access denied',
      );
    }
    expect((await get(a, `?id=${mine.id}`)).status).toBe(200);
  });

  test('401 Unauthorized without a key or with a bad one, on every operation', async () => {
    const keys: Record<string, string>[] = [
      {},
      { 'x-api-key': 'nak_' + 'x'.repeat(43) },
      { 'x-api-key': 'garbage' },
    ];
    for (const headers of keys) {
      await expectError(
        await svc.call('GET', '/api-keyword-watchlist', { headers }),
        401,
        'Unauthorized',
      );
      await expectError(
        await svc.call('POST', '/api-keyword-watchlist', { headers, body: { keywords: ['x'] } }),
        401,
        'Unauthorized',
      );
      await expectError(
        await svc.call('PATCH', '/api-keyword-watchlist', {
          headers,
          body: { id: 'x', name: 'y' },
        }),
        401,
        'Unauthorized',
      );
    }
    expect(await countRows('watchlists')).toBe(0);
  });
});

describe('PATCH /api-keyword-watchlist, patch mode', () => {
  test('only the fields sent change, and only their parts are answered', async () => {
    const w = await create(a, { keywords: ['ai'], labels: [{ name: 'Keep', description: 'me' }] });
    const before = await (await get(a, `?id=${w.id}`)).json();

    const r1 = await patch(a, { id: w.id, name: '  Renamed  ' });
    expect(r1.status).toBe(200);
    expect(await r1.json()).toEqual({
      success: true,
      id: w.id,
      message: 'Watchlist updated',
      name: 'Renamed',
    });

    const r2 = await patch(a, { id: w.id, fetchFreqInHours: 48 });
    expect(await r2.json()).toEqual({
      success: true,
      id: w.id,
      message: 'Watchlist updated',
      fetchFreqInHours: 48,
    });

    // Where posts are sent is an admin's to set: the key with the admin's token (watchlists-slack-admin.test.ts).
    const asAdmin = (body: unknown) =>
      svc.call('PATCH', '/api-keyword-watchlist', { body, headers: a.memberHeaders });
    const r3 = await asAdmin({
      id: w.id,
      slack_webhook_url: 'https://hooks.slack.test/services/T/B/X',
    });
    expect(await r3.json()).toEqual({
      success: true,
      id: w.id,
      message: 'Watchlist updated',
      slack_webhook_url: 'https://hooks.slack.test/services/T/B/X',
    });

    const after = await (await get(a, `?id=${w.id}`)).json();
    expect(after).toEqual({
      ...before,
      name: 'Renamed',
      fetchFreqInHours: 48,
      slack_webhook_url: 'https://hooks.slack.test/services/T/B/X',
      updatedAt: expect.any(String),
    });
    // Labels and keywords untouched when neither is sent; the slug stays stable.
    expect(after.labels).toEqual([{ name: 'Keep', description: 'me' }]);
    expect(after.slug).toBe(w.slug);

    const r4 = await asAdmin({ id: w.id, slack_webhook_url: null });
    expect(await r4.json()).toEqual({
      success: true,
      id: w.id,
      message: 'Watchlist updated',
      slack_webhook_url: null,
    });
    expect((await (await get(a, `?id=${w.id}`)).json()).slack_webhook_url).toBeNull();
  });

  test('keywords replace the set: rows and pending keyword tasks recreated, other tasks and posts stay, labels derived, results per keyword', async () => {
    const w = await create(a, { keywords: ['ai', 'ml'] });
    const oldRows = await keywordRows(w.id);
    const pendingKeyword = await addTask(
      a.team.id,
      w.id,
      'agent_keyword_tracking',
      'pending',
      `keyword:${w.id}:ai`,
    );
    const runningKeyword = await addTask(
      a.team.id,
      w.id,
      'agent_keyword_tracking',
      'processing',
      `keyword:${w.id}:ml`,
    );
    const otherType = await addTask(a.team.id, w.id, 'agent_like_post', 'pending', null);
    const otherWatchlist = await create(a, { keywords: ['other'] });
    const otherPending = await addTask(
      a.team.id,
      otherWatchlist.id,
      'agent_keyword_tracking',
      'pending',
      `keyword:${otherWatchlist.id}:other`,
    );
    await addPost(a.team.id, w.id, 10);
    await setNextDue(svc.ctx.db, '5 hours', w.id);

    const res = await patch(a, {
      id: w.id,
      keywords: ['robots', { keyword: ' drones ', excluded_keywords: ['toy'] }, '', 'ROBOTS'],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    const rows = await keywordRows(w.id);
    expect(body).toEqual({
      success: true,
      id: w.id,
      message: 'Watchlist updated',
      keywords: ['robots', 'drones'],
      results: [
        { success: true, keyword: 'robots', keyword_id: rows[0]!.id },
        { success: true, keyword: 'drones', keyword_id: rows[1]!.id },
        { success: false, keyword: '', error: 'Keyword is empty after cleaning' },
        { success: false, keyword: 'ROBOTS', error: 'Duplicate keyword' },
      ],
      labels: [
        { name: 'robots', description: 'Posts about "robots"' },
        { name: 'drones', description: 'Posts about "drones" and none of "toy"' },
      ],
    });
    expect(rows.map((r) => r.keyword)).toEqual(['robots', 'drones']);
    expect(rows.map((r) => r.id)).not.toContain(oldRows[0]!.id);
    const tasks = await svc.ctx.db.query<{ id: string }>('SELECT id FROM tasks ORDER BY id');
    expect(tasks.map((t) => t.id).sort()).toEqual([runningKeyword, otherType, otherPending].sort());
    expect(tasks.map((t) => t.id)).not.toContain(pendingKeyword);
    const view = await (await get(a, `?id=${w.id}`)).json();
    expect(view.posts_count).toBe(1);
    expect(view.labels).toEqual(body.labels);
    // Due at the next tick, so the scheduler plans the new keywords now rather than in 5 hours.
    const [due] = await svc.ctx.db.query<{ next_due_at: Date | null }>(
      'SELECT next_due_at FROM watchlist_schedule WHERE watchlist_id = $1',
      [w.id],
    );
    expect(due!.next_due_at).toBeNull();
    // The new set is the watchlist's identity for idempotent creation.
    const again = await post(a, { keywords: ['Drones', 'robots'] });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(w.id);
  });

  test('labels sent with keywords are used as sent; labels alone replace the labels and leave keywords', async () => {
    const w = await create(a, { keywords: ['ai'] });
    const r1 = await (
      await patch(a, { id: w.id, keywords: ['x', 'y'], labels: [{ name: 'Only one' }] })
    ).json();
    expect(r1.labels).toEqual([{ name: 'Only one', description: '' }]);
    const rowsBefore = await keywordRows(w.id);
    const r2 = await (await patch(a, { id: w.id, labels: [] })).json();
    expect(r2).toEqual({ success: true, id: w.id, message: 'Watchlist updated', labels: [] });
    expect(await keywordRows(w.id)).toEqual(rowsBefore);
  });

  test('disable pauses (pending collection dropped, posts kept) and false resumes', async () => {
    const w = await create(a, { keywords: ['ai'] });
    await addTask(a.team.id, w.id, 'agent_keyword_tracking', 'pending', `keyword:${w.id}:ai`);
    await addPost(a.team.id, w.id, 20);
    await setNextDue(svc.ctx.db, '3 hours', w.id);

    const off = await patch(a, { id: w.id, disable: true });
    expect(await off.json()).toEqual({
      success: true,
      id: w.id,
      message: 'Watchlist updated',
      disable: true,
    });
    const paused = await (await get(a, `?id=${w.id}`)).json();
    expect(paused).toMatchObject({ disable: true, posts_count: 1 });
    expect(await countRows('tasks')).toBe(0);

    const on = await patch(a, { id: w.id, disable: false });
    expect(await on.json()).toEqual({
      success: true,
      id: w.id,
      message: 'Watchlist updated',
      disable: false,
    });
    const [row] = await svc.ctx.db.query<{ disabled: boolean; next_due_at: Date | null }>(
      `SELECT w.disabled, s.next_due_at FROM watchlists w JOIN watchlist_schedule s ON s.watchlist_id = w.id
        WHERE w.id = $1`,
      [w.id],
    );
    expect(row).toEqual({ disabled: false, next_due_at: null });
  });

  test('every error of the spec, with its exact message; nothing is half-written', async () => {
    const w = await create(a, { keywords: ['ai'], name: 'Stable' });
    const snapshot = async () => ({
      view: await (await get(a, `?id=${w.id}`)).json(),
      rows: await keywordRows(w.id),
    });
    const before = await snapshot();
    const cases: [unknown, number, string][] = [
      [{ name: 'x' }, 400, 'Missing required parameter: id'],
      [{ id: '', name: 'x' }, 400, 'Missing required parameter: id'],
      [{ id: null, name: 'x' }, 400, 'Missing required parameter: id'],
      [{ id: w.id }, 400, 'No valid update fields provided'],
      [{ id: w.id, colour: 'red' }, 400, 'No valid update fields provided'],
      [{ id: w.id, keywords: [] }, 400, 'keywords array is required and must not be empty'],
      [{ id: w.id, keywords: 'ai' }, 400, 'keywords array is required and must not be empty'],
      [{ id: w.id, keywords: null }, 400, 'keywords array is required and must not be empty'],
      [
        { id: w.id, keywords: ['  ', { keyword: '' }] },
        400,
        'No valid keywords provided after cleaning',
      ],
      [
        { id: w.id, fetchFreqInHours: 5 },
        400,
        'Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)',
      ],
      [
        { id: w.id, fetchFreqInHours: '12' },
        400,
        'Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)',
      ],
      [{ id: w.id, disable: 'true' }, 400, 'disable must be a boolean value'],
      [{ id: w.id, disable: 1 }, 400, 'disable must be a boolean value'],
      [{ id: w.id, name: '' }, 400, 'Name cannot be empty'],
      [{ id: w.id, name: '   ' }, 400, 'Name cannot be empty'],
      [{ id: w.id, name: 'ok', colour: 'red' }, 400, "Unknown field: 'colour'"],
      [
        { id: w.id, slack_webhook_url: 'not a url' },
        400,
        "Invalid 'slack_webhook_url': must be an http(s) URL or null",
      ],
      [
        { id: w.id, slack_webhook_url: 'ftp://x.test/' },
        400,
        "Invalid 'slack_webhook_url': must be an http(s) URL or null",
      ],
      [{ id: w.id, labels: [{}] }, 400, expect.stringContaining("Invalid 'labels'")],
      [
        { id: w.id, prompt: 'new', name: 'x' },
        400,
        "Send either 'prompt' (prompt mode) or fields to change, not both (got 'name')",
      ],
      [{ id: crypto.randomUUID(), name: 'x' }, 404, 'Watchlist not found or access denied'],
      [{ id: 'nope', name: 'x' }, 404, 'Watchlist not found or access denied'],
      [{ id: 42, name: 'x' }, 400, 'Missing required parameter: id'],
    ];
    for (const [body, status, error] of cases) {
      const res = await patch(a, body);
      expect({ body, status: res.status, answer: await res.json() }).toEqual({
        body,
        status,
        answer: { error },
      });
    }
    // A valid field next to an invalid one changes nothing either.
    await expectError(
      await patch(a, { id: w.id, name: 'New', fetchFreqInHours: 7 }),
      400,
      'Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)',
    );
    expect(await snapshot()).toEqual(before);
  });

  test("another team's and other types' watchlists answer 404 and stay as they were", async () => {
    const theirs = await create(b, { keywords: ['bob'] });
    const people = await (
      await svc.call('POST', '/api-people-watchlist', {
        body: { profiles: ['ada'] },
        headers: a.keyHeaders,
      })
    ).json();
    await expectError(
      await patch(a, { id: theirs.id, name: 'mine now' }),
      404,
      'Watchlist not found or access denied',
    );
    await expectError(
      await patch(a, { id: theirs.id, prompt: 'take over' }),
      404,
      'Watchlist not found or access denied',
    );
    await expectError(
      await patch(a, { id: people.id, name: 'x' }),
      404,
      'Watchlist not found or access denied',
    );
    const view = await (await get(b, `?id=${theirs.id}`)).json();
    expect(view).toMatchObject({ name: 'bob', prompt: null });
  });
});

describe('plans on keyword watchlists', () => {
  test('the free plan allows 3 watchlists; the idempotent creation uses no slot', async () => {
    for (const k of ['one', 'two', 'three']) await create(a, { keywords: [k] });
    const again = await post(a, { keywords: ['TWO'] });
    expect(again.status).toBe(200);
    await expectError(
      await post(a, { keywords: ['four'] }),
      403,
      'Plan limit reached: the free plan allows 3 watchlists',
    );
    await expectError(
      await post(a, { prompt: 'four' }),
      403,
      'Plan limit reached: the free plan allows 3 watchlists',
    );
    expect(await countRows('watchlists')).toBe(3);
    // The other team has its own slots.
    await create(b, { keywords: ['four'] });
    await svc.ctx.db.query(`UPDATE teams SET plan = 'pro' WHERE id = $1`, [a.team.id]);
    await create(a, { keywords: ['four'] });
  });

  test('keywords per watchlist are capped on create and on update, without partial writes', async () => {
    const six = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
    await expectError(
      await post(a, { keywords: six }),
      403,
      'Plan limit reached: the free plan allows 5 keywords per watchlist',
    );
    expect(await countRows('watchlists')).toBe(0);
    // Blank and repeated entries do not count against the cap.
    const w = await create(a, { keywords: [...six.slice(0, 5), ' ', 'K1'] });
    expect(w.keywords).toHaveLength(5);
    const rows = await keywordRows(w.id);
    await expectError(
      await patch(a, { id: w.id, keywords: six, name: 'changed' }),
      403,
      'Plan limit reached: the free plan allows 5 keywords per watchlist',
    );
    expect(await keywordRows(w.id)).toEqual(rows);
    expect((await (await get(a, `?id=${w.id}`)).json()).name).toBe(w.name);
    await svc.ctx.db.query(`UPDATE teams SET plan = 'pro' WHERE id = $1`, [a.team.id]);
    expect((await patch(a, { id: w.id, keywords: six })).status).toBe(200);
  });
});

describe('concurrent creations', () => {
  test('the same keyword set sent five times at once makes one watchlist (one 201, four 200)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post(a, { keywords: i % 2 ? ['AI', 'robots'] : ['robots', 'ai'] }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).id)));
    expect(ids.size).toBe(1);
    expect(await countRows('watchlists')).toBe(1);
  });

  test('five different creations at once on the free plan: exactly 3 pass the watchlist cap', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(a, { keywords: [`topic ${i}`], name: 'Same name' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 403, 403]);
    const slugs = (
      await svc.ctx.db.query<{ slug: string }>('SELECT slug FROM watchlists ORDER BY slug')
    ).map((r) => r.slug);
    expect(slugs).toEqual(['same-name', 'same-name-2', 'same-name-3']);
  });
});

describe('OpenAPI', () => {
  test('/openapi.json documents the watchlist operations', async () => {
    const doc = await (await svc.call('GET', '/openapi.json')).json();
    for (const type of ['keyword', 'people', 'company']) {
      expect(Object.keys(doc.paths[`/api-${type}-watchlist`]).sort()).toEqual([
        'delete',
        'get',
        'patch',
        'post',
      ]);
    }
    expect(doc.paths['/api-keyword-watchlist'].patch.responses['404']).toBeDefined();
    expect(
      doc.paths['/api-people-watchlist'].post.requestBody.content['application/json'].schema
        .properties,
    ).toHaveProperty('list_id');
  });
});
