import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';

let svc: TestService;
let a: SignedIn;
let b: SignedIn;

beforeAll(async () => {
  svc = await startTestService();
  a = await signIn(svc, 'ada@people.test', 'Ada');
  b = await signIn(svc, 'bob@people.test', 'Bob');
});
afterAll(() => svc.close());

beforeEach(async () => {
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query('DELETE FROM watchlists');
  await svc.ctx.db.query('DELETE FROM lists');
  await svc.ctx.db.query(`UPDATE teams SET plan = 'free'`);
});

const post = (who: SignedIn, body: unknown) =>
  svc.call('POST', '/api-people-watchlist', { body, headers: who.keyHeaders });
const get = (who: SignedIn, query = '') =>
  svc.call('GET', `/api-people-watchlist${query}`, { headers: who.keyHeaders });

async function expectError(res: Response, status: number, error: string) {
  expect({ status: res.status, body: await res.json() }).toEqual({ status, body: { error } });
}
const countRows = async (table: string) =>
  (await svc.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
const members = (listId: string) =>
  svc.ctx.db.query<{ identifier: string; identifier_kind: string }>(
    'SELECT identifier, identifier_kind FROM list_members WHERE list_id = $1 ORDER BY identifier',
    [listId],
  );
const tasksOf = (watchlistId: string) =>
  svc.ctx.db.query<{
    type: string;
    status: string;
    input: { task_type: string; watchlist_id: string; profile_urns: string[] };
    target_key: string;
    team_id: string;
  }>(
    'SELECT type, status, input, target_key, team_id FROM tasks WHERE watchlist_id = $1 ORDER BY target_key',
    [watchlistId],
  );

describe('POST /api-people-watchlist', () => {
  test('every identifier form of the spec in one array, normalised and folded', async () => {
    const res = await post(a, {
      profiles: [
        'https://www.linkedin.com/in/ada-lovelace/',
        'http://linkedin.com/in/Ada-Lovelace',
        'www.linkedin.com/in/ada-lovelace',
        'linkedin.com/in/ada-lovelace/?trk=x',
        'ada-lovelace',
        'urn:li:fsd_profile:ACoAAB1234567',
        'urn:li:fs_profileView:ACoAAB1234567',
        'ACoAAB1234567',
        'urn:li:member:987654',
        '987654',
        ' https://fr.linkedin.com/in/alan-turing ',
        'https://www.linkedin.com/in/ACoAAXyz98765/',
        'https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa/',
      ],
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(String),
      name: 'People: ada-lovelace, ACoAAB1234567, 987654 +3 more',
      slug: 'people-ada-lovelace-acoaab1234567-987654-3-more',
      type: 'people',
      profiles_count: 6,
      list_id: expect.any(String),
      created: true,
    });
    expect(await members(body.list_id)).toEqual(
      [
        { identifier: '987654', identifier_kind: 'member_id' },
        { identifier: 'ACoAAB1234567', identifier_kind: 'profile_id' },
        { identifier: 'ACoAAXyz98765', identifier_kind: 'profile_id' },
        { identifier: 'ada-lovelace', identifier_kind: 'profile_slug' },
        { identifier: 'alan-turing', identifier_kind: 'profile_slug' },
        { identifier: 'josé-garcía', identifier_kind: 'profile_slug' },
      ].sort((x, y) => (x.identifier < y.identifier ? -1 : 1)),
    );
  });

  test('tracking tasks are created at once, 25 profiles a batch, and the next cycle is one period away', async () => {
    await svc.ctx.db.query(`UPDATE teams SET plan = 'pro' WHERE id = $1`, [a.team.id]);
    const profiles = Array.from({ length: 60 }, (_, i) => `person-${String(i).padStart(2, '0')}`);
    const body = await (await post(a, { profiles, name: 'Sixty' })).json();
    const tasks = await tasksOf(body.id);
    expect(
      tasks.map((t) => [t.type, t.status, t.target_key, t.input.profile_urns.length, t.team_id]),
    ).toEqual([
      ['agent_profiles_tracking', 'pending', `people:${body.id}:0`, 25, a.team.id],
      ['agent_profiles_tracking', 'pending', `people:${body.id}:1`, 25, a.team.id],
      ['agent_profiles_tracking', 'pending', `people:${body.id}:2`, 10, a.team.id],
    ]);
    expect(tasks.flatMap((t) => t.input.profile_urns).sort()).toEqual(profiles);
    expect(tasks[0]!.input).toMatchObject({
      task_type: 'agent_profiles_tracking',
      watchlist_id: body.id,
    });
    const [due] = await svc.ctx.db.query<{ hours: number }>(
      'SELECT (EXTRACT(EPOCH FROM (next_due_at - now())) / 3600)::float8 AS hours FROM watchlist_schedule WHERE watchlist_id = $1',
      [body.id],
    );
    expect(due!.hours).toBeGreaterThan(11.9);
    expect(due!.hours).toBeLessThanOrEqual(12);
  });

  test('profile ids go to the agent as URNs, slugs as they are', async () => {
    const body = await (
      await post(a, {
        profiles: ['urn:li:fs_profileView:ACoAAB1234567', 'urn:li:member:42', 'ada'],
      })
    ).json();
    const [task] = await tasksOf(body.id);
    expect(task!.input.profile_urns.sort()).toEqual([
      'ada',
      'urn:li:fsd_profile:ACoAAB1234567',
      'urn:li:member:42',
    ]);
  });

  test('invalid identifiers: 400 naming every bad entry; nothing written', async () => {
    const res = await post(a, {
      profiles: [
        'ada-lovelace',
        'not a slug',
        'https://example.com/in/x',
        42,
        null,
        'urn:li:member:abc',
        'urn:li:company:1',
        { slug: 'x' },
      ],
    });
    await expectError(
      res,
      400,
      `Invalid profile identifiers: 'not a slug', 'https://example.com/in/x', 42, null, 'urn:li:member:abc', 'urn:li:company:1', {"slug":"x"}`,
    );
    const many = Array.from({ length: 14 }, (_, i) => `bad entry ${i}`);
    await expectError(
      await post(a, { profiles: many }),
      400,
      `Invalid profile identifiers: ${many
        .slice(0, 10)
        .map((m) => `'${m}'`)
        .join(', ')} and 4 more`,
    );
    expect([
      await countRows('watchlists'),
      await countRows('lists'),
      await countRows('list_members'),
      await countRows('tasks'),
    ]).toEqual([0, 0, 0, 0]);
  });

  test('missing or malformed bodies answer 400', async () => {
    const message = "Missing or invalid 'profiles' (must be a non-empty array)";
    const cases: [unknown, string][] = [
      [{}, message],
      [{ profiles: [] }, message],
      [{ profiles: 'ada' }, message],
      [{ profiles: null }, message],
      [{ profiles: ['ada'], name: 3 }, "Invalid 'name': must be a string"],
      [{ profiles: ['ada'], list_id: 3 }, "Invalid 'list_id': must be a string"],
      [{ profiles: ['ada'], extra: true }, "Unknown field: 'extra'"],
      ['[]', 'Request body must be a JSON object'],
      ['{', 'Malformed JSON body'],
    ];
    for (const [body, error] of cases) await expectError(await post(a, body), 400, error);
    expect(await countRows('watchlists')).toBe(0);
  });

  test('list_id reuses an existing people list of the team; new entries are added to it', async () => {
    const first = await (await post(a, { profiles: ['ada', 'bob'], name: 'First' })).json();
    const second = await post(a, {
      profiles: ['Bob', 'carol'],
      list_id: first.list_id,
      description: 'same list',
    });
    expect(second.status).toBe(201);
    const body = await second.json();
    expect(body).toMatchObject({
      list_id: first.list_id,
      profiles_count: 3,
      type: 'people',
      created: true,
    });
    expect(body.id).not.toBe(first.id);
    expect((await members(first.list_id)).map((m) => m.identifier)).toEqual([
      'ada',
      'bob',
      'carol',
    ]);
    expect(await countRows('lists')).toBe(1);
    // With list_id, profiles may be left out: the list is tracked as it is.
    const third = await (await post(a, { list_id: first.list_id })).json();
    expect(third).toMatchObject({ list_id: first.list_id, profiles_count: 3, name: 'First' });
    expect(third.slug).toBe('first-2');
  });

  test('list_id of another team, of a company list, unknown or malformed: 404, nothing written', async () => {
    const theirs = await (await post(b, { profiles: ['x1'] })).json();
    const companies = await (
      await svc.call('POST', '/api-company-watchlist', {
        body: { companies: ['acme'] },
        headers: a.keyHeaders,
      })
    ).json();
    const before = [await countRows('watchlists'), await countRows('list_members')];
    for (const listId of [theirs.list_id, companies.list_id, crypto.randomUUID(), 'nope']) {
      await expectError(
        await post(a, { profiles: ['ada'], list_id: listId }),
        404,
        'List not found or access denied',
      );
    }
    expect([await countRows('watchlists'), await countRows('list_members')]).toEqual(before);
  });

  test('plan caps: profiles per people watchlist (counted after folding and list reuse) and watchlists', async () => {
    const profiles = (n: number, prefix = 'p') =>
      Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
    await expectError(
      await post(a, { profiles: profiles(26) }),
      403,
      'Plan limit reached: the free plan allows 25 profiles per people watchlist',
    );
    expect([
      await countRows('watchlists'),
      await countRows('lists'),
      await countRows('list_members'),
    ]).toEqual([0, 0, 0]);
    // 30 entries that fold to 25 profiles are within the cap.
    const w = await (
      await post(a, { profiles: [...profiles(25), ...profiles(5).map((p) => p.toUpperCase())] })
    ).json();
    expect(w.profiles_count).toBe(25);
    // Reusing the full list with one more profile would grow it past the cap: refused, list unchanged.
    await expectError(
      await post(a, { profiles: ['one-more'], list_id: w.list_id }),
      403,
      'Plan limit reached: the free plan allows 25 profiles per people watchlist',
    );
    expect((await members(w.list_id)).length).toBe(25);
    await post(a, { profiles: ['x'] });
    await post(a, { profiles: ['y'] });
    await expectError(
      await post(a, { profiles: ['z'] }),
      403,
      'Plan limit reached: the free plan allows 3 watchlists',
    );
    expect(await countRows('watchlists')).toBe(3);
  });

  test('401 Unauthorized without a key or with a bad one', async () => {
    await expectError(
      await svc.call('POST', '/api-people-watchlist', { body: { profiles: ['ada'] } }),
      401,
      'Unauthorized',
    );
    await expectError(
      await svc.call('GET', '/api-people-watchlist', {
        headers: { 'x-api-key': 'nak_' + 'y'.repeat(43) },
      }),
      401,
      'Unauthorized',
    );
    expect(await countRows('watchlists')).toBe(0);
  });
});

describe('GET /api-people-watchlist', () => {
  test('list: {watchlists: [{id, name, slug, type, createdAt}], count} of the team only, people only; plus counts and collection', async () => {
    const w1 = await (await post(a, { profiles: ['ada'], name: 'One' })).json();
    const w2 = await (await post(a, { profiles: ['bob', 'carl'], name: 'Two' })).json();
    await post(b, { profiles: ['carol'] });
    await svc.call('POST', '/api-keyword-watchlist', {
      body: { keywords: ['ai'] },
      headers: a.keyHeaders,
    });
    const res = await get(a);
    expect(res.status).toBe(200);
    // The spec's fields as it names them; the rest is what the dashboard shows of each (additions).
    const extra = (profiles: number) => ({
      fetchFreqInHours: 12,
      disable: false,
      profiles_count: profiles,
      posts_count: 0,
      last_collection_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      last_collected_at: null,
      extension_active: false,
      next_collection_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      recent_cycles: [expect.objectContaining({ state: 'running', tasks: 1, new_posts: 0 })],
    });
    expect(await res.json()).toEqual({
      watchlists: [
        {
          id: w2.id,
          name: 'Two',
          slug: 'two',
          type: 'people',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
          ...extra(2),
        },
        {
          id: w1.id,
          name: 'One',
          slug: 'one',
          type: 'people',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
          ...extra(1),
        },
      ],
      count: 2,
    });
  });

  test('with id: the watchlist with profiles_count and lists', async () => {
    const w = await (
      await post(a, { profiles: ['ada', 'urn:li:member:7'], name: 'Team', description: 'founders' })
    ).json();
    const res = await get(a, `?id=${w.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: w.id,
      name: 'Team',
      slug: 'team',
      type: 'people',
      description: 'founders',
      fetchFreqInHours: 12,
      disable: false,
      profiles_count: 2,
      profiles: ['7', 'ada'].sort(),
      lists: [
        {
          id: w.list_id,
          name: 'Team',
          kind: 'people',
          members_count: 2,
          createdAt: expect.any(String),
        },
      ],
      posts_count: 0,
      // Planned at creation: one cycle of one tracking task, still queued.
      last_collection_at: expect.any(String),
      last_collected_at: null,
      extension_active: false,
      next_collection_at: expect.any(String),
      recent_cycles: [
        {
          started_at: expect.any(String),
          finished_at: null,
          state: 'running',
          tasks: 1,
          failed_tasks: 0,
          new_posts: 0,
        },
      ],
      createdAt: expect.any(String),
    });
  });

  test('unknown, malformed, other-type and other-team ids answer 404', async () => {
    const theirs = await (await post(b, { profiles: ['x'] })).json();
    const kw = await (
      await svc.call('POST', '/api-keyword-watchlist', {
        body: { keywords: ['ai'] },
        headers: a.keyHeaders,
      })
    ).json();
    for (const id of [theirs.id, kw.id, crypto.randomUUID(), 'zzz']) {
      await expectError(await get(a, `?id=${id}`), 404, 'Watchlist not found or access denied');
    }
    expect((await get(b, `?id=${theirs.id}`)).status).toBe(200);
  });
});
