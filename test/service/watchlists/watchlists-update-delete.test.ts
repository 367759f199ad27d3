import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';

/**
 * PATCH of people and company watchlists (name, frequency, pause, resume) and DELETE of the three
 * kinds: what the dashboard's watchlist editor calls.
 */

let svc: TestService;
let a: SignedIn;
let b: SignedIn;

beforeAll(async () => {
  svc = await startTestService();
  a = await signIn(svc, 'ada@edit.test', 'Ada');
  b = await signIn(svc, 'bob@edit.test', 'Bob');
});
afterAll(() => svc.close());
beforeEach(async () => {
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query('DELETE FROM watchlists');
  await svc.ctx.db.query('DELETE FROM posts');
});

type Type = 'keyword' | 'people' | 'company';
/** A keyword watchlist's set is its identity (same set: the same watchlist), so each name gets its own keyword. */
const body = (type: Type, name = 'ai') =>
  type === 'keyword'
    ? { keywords: [name], name }
    : type === 'people'
      ? { profiles: ['ada-lovelace'], name }
      : { companies: ['acme'], name };

async function create(who: SignedIn, type: Type, name?: string): Promise<string> {
  const res = await svc.call('POST', `/api-${type}-watchlist`, {
    body: body(type, name),
    headers: who.keyHeaders,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const get = (who: SignedIn, type: Type, id: string) =>
  svc.call('GET', `/api-${type}-watchlist?id=${id}`, { headers: who.keyHeaders });
const patch = (who: SignedIn, type: Type, body: unknown) =>
  svc.call('PATCH', `/api-${type}-watchlist`, { body, headers: who.keyHeaders });
const del = (who: SignedIn, type: Type, query: string) =>
  svc.call('DELETE', `/api-${type}-watchlist${query}`, { headers: who.keyHeaders });

async function expectError(res: Response, status: number, error: string) {
  expect({ status: res.status, body: await res.json() }).toEqual({ status, body: { error } });
}

describe('PATCH /api-people-watchlist and /api-company-watchlist', () => {
  for (const type of ['people', 'company'] as const) {
    test(`${type}: only the fields sent change, and only their parts are answered`, async () => {
      const id = await create(a, type, 'Before');
      const before = await (await get(a, type, id)).json();
      const res = await patch(a, type, { id, name: '  After  ', fetchFreqInHours: 48 });
      expect(await res.json()).toEqual({
        success: true,
        id,
        message: 'Watchlist updated',
        name: 'After',
        fetchFreqInHours: 48,
      });
      const after = await (await get(a, type, id)).json();
      expect(after).toEqual({ ...before, name: 'After', fetchFreqInHours: 48 });
    });

    test(`${type}: the keyword update's messages, field by field; nothing is half-written`, async () => {
      const id = await create(a, type, 'Stable');
      const before = await (await get(a, type, id)).json();
      const cases: [unknown, number, string][] = [
        [{ name: 'x' }, 400, 'Missing required parameter: id'],
        [{ id: '  ', name: 'x' }, 400, 'Missing required parameter: id'],
        [{ id }, 400, 'No valid update fields provided'],
        [{ id, keywords: ['ai'] }, 400, 'No valid update fields provided'],
        [{ id, name: '   ' }, 400, 'Name cannot be empty'],
        [
          { id, fetchFreqInHours: 5 },
          400,
          'Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)',
        ],
        [{ id, disable: 'yes' }, 400, 'disable must be a boolean value'],
        [{ id, name: 'ok', colour: 'red' }, 400, "Unknown field: 'colour'"],
        [{ id: crypto.randomUUID(), name: 'x' }, 404, 'Watchlist not found or access denied'],
        [{ id: 'not-a-uuid', name: 'x' }, 404, 'Watchlist not found or access denied'],
      ];
      for (const [body, status, error] of cases)
        await expectError(await patch(a, type, body), status, error);
      // Another team's, and another type's, are not found.
      await expectError(
        await patch(b, type, { id, name: 'Mine now' }),
        404,
        'Watchlist not found or access denied',
      );
      const other = await create(a, type === 'people' ? 'company' : 'people');
      await expectError(
        await patch(a, type, { id: other, name: 'x' }),
        404,
        'Watchlist not found or access denied',
      );
      await expectError(
        await patch(a, 'keyword', { id, name: 'x' }),
        404,
        'Watchlist not found or access denied',
      );
      expect(await (await get(a, type, id)).json()).toEqual(before);
      await expectError(
        await svc.call('PATCH', `/api-${type}-watchlist`, { body: { id, name: 'x' } }),
        401,
        'Unauthorized',
      );
    });
  }
});

describe('DELETE /api-…-watchlist', () => {
  for (const type of ['keyword', 'people', 'company'] as const) {
    test(`${type}: deleted with its queued collection; a running task and the team's posts stay`, async () => {
      const id = await create(a, type);
      const keep = await create(a, type, 'Keep me');
      const { db } = svc.ctx;
      // A queued and a running collection task, and a post the watchlist collected.
      const task = (status: string, watchlist: string) =>
        db.query(
          `INSERT INTO tasks (id, team_id, type, input, status, watchlist_id) VALUES ($1, $2, 'agent_keyword_tracking', '{}', $3, $4)`,
          [crypto.randomUUID(), a.team.id, status, watchlist],
        );
      await db.query('DELETE FROM tasks');
      await task('pending', id);
      await task('processing', id);
      await task('pending', keep);
      const postId = crypto.randomUUID();
      await db.query(
        `INSERT INTO posts (id, team_id, activity_urn, post_url, posted_at) VALUES ($1, $2, 'urn:li:activity:1', 'https://x.test/1', now())`,
        [postId, a.team.id],
      );
      await db.query(
        'INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at) VALUES ($1, $2, $3, now())',
        [id, postId, a.team.id],
      );

      // Another team cannot, and another type's route does not find it.
      await expectError(
        await del(b, type, `?id=${id}`),
        404,
        'Watchlist not found or access denied',
      );
      await expectError(
        await del(a, type === 'keyword' ? 'people' : 'keyword', `?id=${id}`),
        404,
        'Watchlist not found or access denied',
      );

      const res = await del(a, type, `?id=${id}`);
      expect(await res.json()).toEqual({ success: true, id, message: 'Watchlist deleted' });
      await expectError(await get(a, type, id), 404, 'Watchlist not found or access denied');
      const left = await db.query<{ status: string; watchlist_id: string }>(
        'SELECT status, watchlist_id FROM tasks ORDER BY status',
      );
      expect(left).toEqual([
        { status: 'pending', watchlist_id: keep },
        { status: 'processing', watchlist_id: id },
      ]);
      const posts = await svc.call('GET', '/api-posts', { headers: a.keyHeaders });
      expect(((await posts.json()) as { data: { id: string }[] }).data.map((p) => p.id)).toEqual([
        postId,
      ]);
      expect((await get(a, type, keep)).status).toBe(200);

      await expectError(
        await del(a, type, `?id=${id}`),
        404,
        'Watchlist not found or access denied',
      );
      await expectError(await del(a, type, ''), 400, 'Missing required parameter: id');
      await expectError(
        await del(a, type, '?id=nope'),
        404,
        'Watchlist not found or access denied',
      );
      await expectError(
        await svc.call('DELETE', `/api-${type}-watchlist?id=${keep}`),
        401,
        'Unauthorized',
      );
    });
  }

  test('a deleted watchlist frees its plan slot', async () => {
    const ids = [
      await create(a, 'keyword', 'one'),
      await create(a, 'people'),
      await create(a, 'company'),
    ];
    const refused = await svc.call('POST', '/api-keyword-watchlist', {
      body: { keywords: ['fourth'] },
      headers: a.keyHeaders,
    });
    expect(refused.status).toBe(403);
    expect((await del(a, 'people', `?id=${ids[1]}`)).status).toBe(200);
    expect(
      (
        await svc.call('POST', '/api-keyword-watchlist', {
          body: { keywords: ['fourth'] },
          headers: a.keyHeaders,
        })
      ).status,
    ).toBe(201);
  });
});
