import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';

/** Client mistakes of every kind on the watchlist operations: always a 4xx `{error}`, never a 500, never a row. */

let svc: TestService;
let a: SignedIn;
let existing: string;

beforeAll(async () => {
  svc = await startTestService();
  a = await signIn(svc, 'ada@bad-input.test', 'Ada');
  existing = (
    await (
      await svc.call('POST', '/api-keyword-watchlist', {
        body: { keywords: ['seed'] },
        headers: a.keyHeaders,
      })
    ).json()
  ).id;
});
afterAll(() => svc.close());

const NUL = 'a\u0000b';
const nested = { nested: { deep: [1, { x: NUL }] } };
const BAD = {
  keywords: [
    null,
    true,
    0,
    'text',
    '',
    NUL,
    [],
    {},
    [[]],
    [null],
    [{}],
    [{ keyword: 1 }],
    [NUL],
    nested,
  ],
  text: [true, 0, 1e308, NUL, [], {}, nested],
  labels: [
    true,
    0,
    'text',
    {},
    [null],
    [[]],
    [{}],
    [{ name: 0 }],
    [{ name: '' }],
    [{ name: NUL }],
    nested,
  ],
  frequency: [null, true, 0, -1, 1e308, 2.5, 'text', '12', '', [], {}],
  prompt: [null, true, 0, '', '   ', NUL, [], {}, nested],
  id: [null, true, 0, 'text', '', NUL, [], {}, nested],
  name: [null, true, 0, '', '  ', NUL, [], {}],
  disable: [null, 0, 'text', '', 'true', [], {}],
  webhook: [
    true,
    0,
    'text',
    '',
    'ftp://x.example/',
    'javascript:alert(1)',
    `https://hooks.example/${NUL}`,
    [],
    {},
  ],
  identifiers: [
    null,
    true,
    0,
    'text',
    '',
    [],
    {},
    [null],
    [0],
    [[]],
    [{}],
    [NUL],
    ['two words'],
    nested,
  ],
  listId: [null, true, 0, 'text', '', NUL, [], {}],
};

/** The base body with each field set to each of its bad values in turn, plus non-object bodies. */
function variants(base: Record<string, unknown>, bad: Record<string, unknown[]>): unknown[] {
  const out: unknown[] = [null, 42, 'string', [], [base]];
  for (const [field, values] of Object.entries(bad))
    for (const v of values) out.push({ ...base, [field]: v });
  return out;
}

async function snapshot() {
  const [counts] = await svc.ctx.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM watchlists) AS watchlists, (SELECT count(*)::int FROM watchlist_keywords) AS keywords,
            (SELECT count(*)::int FROM lists) AS lists, (SELECT count(*)::int FROM list_members) AS members,
            (SELECT count(*)::int FROM tasks) AS tasks,
            (SELECT string_agg(name || fetch_freq_hours || labels::text || disabled || coalesce(slack_webhook_url, ''), ',') FROM watchlists) AS state`,
  );
  return counts;
}

async function expectClientError(method: string, path: string, body: unknown) {
  const res = await svc.call(method, path, {
    body: typeof body === 'string' ? JSON.stringify(body) : body,
    headers: a.keyHeaders,
  });
  const answer = await res.json();
  const ok =
    res.status >= 400 &&
    res.status < 500 &&
    typeof answer.error === 'string' &&
    answer.error.length > 0;
  expect(ok ? 'ok' : { method, path, body, status: res.status, answer }).toBe('ok');
}

describe('bad input answers 4xx on every watchlist operation', () => {
  test('POST /api-keyword-watchlist (both modes)', async () => {
    const before = await snapshot();
    for (const body of [
      ...variants(
        { keywords: ['ai'] },
        {
          keywords: BAD.keywords,
          name: BAD.text,
          description: BAD.text,
          labels: BAD.labels,
          fetchFreqInHours: BAD.frequency,
        },
      ),
      ...variants(
        { prompt: 'ai agents' },
        {
          prompt: BAD.prompt,
          name: BAD.text,
          description: BAD.text,
          fetchFreqInHours: BAD.frequency,
        },
      ),
      { keywords: [NUL] },
      { keywords: [{ keyword: 'x', required_keywords: [NUL] }] },
      { keywords: ['x'], labels: [{ name: NUL }] },
      { keywords: Array.from({ length: 1001 }, (_, i) => `k${i}`) },
      {
        keywords: [
          { keyword: 'x', required_keywords: Array.from({ length: 21 }, (_, i) => `r${i}`) },
        ],
      },
      { keywords: ['x'], labels: Array.from({ length: 51 }, (_, i) => ({ name: `l${i}` })) },
    ]) {
      await expectClientError('POST', '/api-keyword-watchlist', body);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('PATCH /api-keyword-watchlist (both modes)', async () => {
    const before = await snapshot();
    for (const body of [
      ...variants(
        { id: existing, name: 'ok' },
        {
          id: BAD.id,
          name: BAD.name,
          fetchFreqInHours: BAD.frequency,
          keywords: BAD.keywords,
          labels: BAD.labels,
          disable: BAD.disable,
          slack_webhook_url: BAD.webhook,
        },
      ),
      ...variants({ id: existing, prompt: 'new topic' }, { id: BAD.id, prompt: BAD.prompt }),
      { id: existing, keywords: ['ok'], labels: [{ name: 'ok', description: 'x'.repeat(501) }] },
      { id: `${existing}'; DROP TABLE watchlists; --`, name: 'x' },
      { id: existing.toUpperCase() + 'x', name: 'x' },
    ]) {
      await expectClientError('PATCH', '/api-keyword-watchlist', body);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('POST /api-people-watchlist and /api-company-watchlist', async () => {
    const before = await snapshot();
    for (const body of [
      ...variants(
        { profiles: ['ada'] },
        { profiles: BAD.identifiers, name: BAD.text, description: BAD.text, list_id: BAD.listId },
      ),
      { profiles: [NUL] },
      { profiles: ['https://www.linkedin.com/in/'] },
      { profiles: ['urn:li:fsd_profile:'] },
      { profiles: ['a'.repeat(101)] },
      { profiles: Array.from({ length: 5001 }, (_, i) => `p${i}`) },
      { profiles: ['ada'], list_id: "1' OR '1'='1" },
    ]) {
      await expectClientError('POST', '/api-people-watchlist', body);
    }
    for (const body of [
      ...variants(
        { companies: ['acme'] },
        { companies: BAD.identifiers, name: BAD.text, list_id: BAD.listId },
      ),
      { companies: [NUL] },
      { companies: ['https://www.linkedin.com/company/'] },
    ]) {
      await expectClientError('POST', '/api-company-watchlist', body);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('GET with odd ids, and a body over the size limit', async () => {
    for (const path of [
      '/api-keyword-watchlist',
      '/api-people-watchlist',
      '/api-company-watchlist',
    ]) {
      for (const id of [
        "' OR 1=1 --",
        'é',
        'x'.repeat(200),
        '00000000-0000-0000-0000-00000000000g',
      ]) {
        const res = await svc.call('GET', `${path}?id=${encodeURIComponent(id)}`, {
          headers: a.keyHeaders,
        });
        expect(res.status).toBe(404);
      }
      // Text that cannot be stored, or longer than any id, is refused before any lookup.
      for (const [id, error] of [
        ['\u0000', "Invalid 'id': contains a character that cannot be stored"],
        ['x'.repeat(5000), "Invalid 'id': must be 200 characters or fewer"],
      ]) {
        const res = await svc.call('GET', `${path}?id=${encodeURIComponent(id!)}`, {
          headers: a.keyHeaders,
        });
        expect([res.status, await res.json()]).toEqual([400, { error }]);
      }
    }
    const big = await svc.call('POST', '/api-keyword-watchlist', {
      body: { keywords: ['x'], description: 'x'.repeat(1024 * 1024 + 10) },
      headers: a.keyHeaders,
    });
    expect(big.status).toBe(413);
  });
});
