import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { PLANS } from '../../../src/service/plans/plans.js';

// A team's sequences are capped by its plan, and the lists that grow come in pages: no team's
// list can grow without bound or be answered in one unbounded read.

let svc: TestService;
let acme: AgentTeam;
let other: AgentTeam;
let api: ReturnType<typeof keyedApi>;

/** Calls with the team's key; `query` goes into the URL. */
function keyedApi(svc: TestService, keyHeaders: Record<string, string>) {
  return async (method: string, path: string, body?: unknown, query?: Record<string, string>) => {
    const qs = query ? `?${new URLSearchParams(query)}` : '';
    const res = await svc.call(method, `${path}${qs}`, { headers: keyHeaders, body });
    return { status: res.status, body: (await res.json()) as any };
  };
}

const steps = [{ type: 'visit' }];

beforeAll(async () => {
  svc = await startTestService();
  acme = await createAgentTeam(svc, 'Pages', [{ email: 'ada@pages.test', role: 'admin' }]);
  other = await createAgentTeam(svc, 'Others', [{ email: 'bo@others.test', role: 'admin' }]);
  api = keyedApi(svc, acme.keyHeaders);
}, 120_000);
afterAll(() => svc.close());

const setPlan = (team: AgentTeam, plan: string) =>
  svc.ctx.db.query('UPDATE teams SET plan = $2 WHERE id = $1', [team.id, plan]);
const count = async (team: AgentTeam) =>
  (
    await svc.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sequences WHERE team_id = $1',
      [team.id],
    )
  )[0]!.n;

describe('the plan caps the sequences', () => {
  test('the free plan allows 3: the 4th is 403 naming the cap, and nothing is created', async () => {
    expect(PLANS.free.sequences).toBe(3);
    for (const name of ['one', 'two', 'three'])
      expect((await api('POST', '/api-sequences', { name, steps })).status).toBe(201);
    const refused = await api('POST', '/api-sequences', { name: 'four', steps });
    expect(refused).toEqual({
      status: 403,
      body: { error: 'Plan limit reached: the free plan allows 3 sequences' },
    });
    expect(await count(acme)).toBe(3);
    // Another team's slots are its own.
    const theirs = keyedApi(svc, other.keyHeaders);
    expect((await theirs('POST', '/api-sequences', { name: 'theirs', steps })).status).toBe(201);
  });

  test('two creations at once cannot both take the last slot', async () => {
    await setPlan(other, 'free');
    const theirs = keyedApi(svc, other.keyHeaders);
    // Other holds 1 of 3: of three at once, two are created and one refused.
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((name) => theirs('POST', '/api-sequences', { name, steps })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 403]);
    expect(await count(other)).toBe(3);
  });

  test('a higher plan raises the cap; deleting frees a slot', async () => {
    await setPlan(acme, 'pro');
    expect((await api('POST', '/api-sequences', { name: 'four', steps })).status).toBe(201);
    await setPlan(acme, 'free');
    const over = await api('POST', '/api-sequences', { name: 'five', steps });
    expect(over.body).toEqual({ error: 'Plan limit reached: the free plan allows 3 sequences' });
    const { sequences } = (await api('GET', '/api-sequences')).body;
    for (const s of sequences.slice(0, 2))
      expect((await api('DELETE', `/api-sequences/${s.id}`)).status).toBe(200);
    expect((await api('POST', '/api-sequences', { name: 'five', steps })).status).toBe(201);
  });
});

describe('GET /api-sequences pages', () => {
  test('newest first, in pages of limit; next leads through every one exactly once', async () => {
    await setPlan(acme, 'business');
    for (let i = 0; i < 8; i++)
      expect((await api('POST', '/api-sequences', { name: `paged ${i}`, steps })).status).toBe(201);
    // Some created in the same instant: the id orders them, and no page loses or repeats one.
    await svc.ctx.db.query(
      `UPDATE sequences SET created_at = '2030-01-01T00:00:00Z' WHERE team_id = $1 AND name IN ('paged 2', 'paged 3', 'paged 4')`,
      [acme.id],
    );
    const all = (await api('GET', '/api-sequences', undefined, { limit: '200' })).body;
    expect(all.next).toBeNull();
    const total = all.sequences.length;
    expect(total).toBe(await count(acme));

    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page = await api('GET', '/api-sequences', undefined, {
        limit: '3',
        ...(after ? { after } : {}),
      });
      expect(page.status).toBe(200);
      expect(page.body.sequences.length).toBeLessThanOrEqual(3);
      seen.push(...page.body.sequences.map((s: { id: string }) => s.id));
      after = page.body.next;
      pages++;
    } while (after);
    expect(seen).toEqual(all.sequences.map((s: { id: string }) => s.id));
    expect(pages).toBe(Math.ceil(total / 3));
    // The three of one instant come first (newest), each once.
    expect(
      all.sequences
        .slice(0, 3)
        .map((s: { name: string }) => s.name)
        .sort(),
    ).toEqual(['paged 2', 'paged 3', 'paged 4']);
  });

  test('the default page is 50; a full last page says there is nothing after it', async () => {
    // Enough to pass one default page, written in one statement.
    await svc.ctx.db.query(
      `INSERT INTO sequences (id, team_id, name, sender_user_id, steps, created_at)
       SELECT gen_random_uuid(), team_id, 'bulk ' || g, sender_user_id, steps, created_at - g * interval '1 day'
         FROM (SELECT * FROM sequences WHERE team_id = $1 LIMIT 1) s, generate_series(1, 45) g`,
      [acme.id],
    );
    const total = await count(acme);
    expect(total).toBeGreaterThan(50);
    const first = (await api('GET', '/api-sequences')).body;
    expect(first.sequences.length).toBe(50);
    expect(first.next).not.toBeNull();
    const rest = (await api('GET', '/api-sequences', undefined, { after: first.next })).body;
    expect([rest.sequences.length, rest.next]).toEqual([total - 50, null]);
    const exact = (await api('GET', '/api-sequences', undefined, { limit: String(total) })).body;
    expect([exact.sequences.length, exact.next]).toEqual([total, null]);
  });

  test('another team never sees a sequence through a cursor', async () => {
    const page = (await api('GET', '/api-sequences', undefined, { limit: '1' })).body;
    const theirs = keyedApi(svc, other.keyHeaders);
    const listed = (await theirs('GET', '/api-sequences', undefined, { after: page.next })).body;
    const names = listed.sequences.map((s: { name: string }) => s.name);
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).not.toMatch(/^paged|^bulk|^one$|^two$|^three$|^four$|^five$/);
  });

  test('a bad limit or cursor is a 400 naming it, never a 500', async () => {
    for (const limit of ['0', '201', 'x', '2.5', '-1'])
      expect(await api('GET', '/api-sequences', undefined, { limit })).toEqual({
        status: 400,
        body: { error: "Invalid 'limit': must be a whole number from 1 to 200" },
      });
    const forged = [
      'nope',
      Buffer.from('12|not-a-uuid').toString('base64url'),
      Buffer.from(`99999999999999999999|${crypto.randomUUID()}`).toString('base64url'),
      Buffer.from(`-5|${crypto.randomUUID()}`).toString('base64url'),
      'x'.repeat(201),
    ];
    for (const after of forged)
      expect(await api('GET', '/api-sequences', undefined, { after })).toEqual({
        status: 400,
        body: { error: "Invalid 'after': not a cursor of this list" },
      });
    expect((await api('GET', '/api-sequences', undefined, { page: '2' })).body).toEqual({
      error: "Unknown query parameter: 'page'",
    });
    // A well-formed cursor of nothing known pages on from that instant.
    const far = Buffer.from(`1|${crypto.randomUUID()}`).toString('base64url');
    expect((await api('GET', '/api-sequences', undefined, { after: far })).body).toEqual({
      sequences: [],
      next: null,
    });
  });
});

describe('GET /api-sequences/{id}/enrollments pages', () => {
  test('oldest first in pages of limit, every person once; the state filter pages too', async () => {
    const seq = (await api('POST', '/api-sequences', { name: 'people', steps })).body;
    const profiles = Array.from({ length: 7 }, (_, i) => `person-${i}`);
    expect(
      (await api('POST', `/api-sequences/${seq.id}/enrollments`, { profiles })).body,
    ).toMatchObject({ enrolled: 7 });
    // Four enrolled in the same instant.
    await svc.ctx.db.query(
      `UPDATE sequence_enrollments SET created_at = '2020-01-01T00:00:00Z' WHERE sequence_id = $1 AND profile_input IN ('person-1', 'person-2', 'person-4', 'person-6')`,
      [seq.id],
    );
    const path = `/api-sequences/${seq.id}/enrollments`;
    const whole = (await api('GET', path)).body;
    expect(whole.next).toBeNull();
    expect(whole.enrollments.length).toBe(7);

    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page = await api('GET', path, undefined, { limit: '2', ...(after ? { after } : {}) });
      expect(page.status).toBe(200);
      expect(page.body.enrollments.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.enrollments.map((e: { id: string }) => e.id));
      after = page.body.next;
    } while (after);
    expect(seen).toEqual(whole.enrollments.map((e: { id: string }) => e.id));

    const active = await api('GET', path, undefined, { state: 'active', limit: '5' });
    expect(active.body.enrollments.length).toBe(5);
    const rest = await api('GET', path, undefined, {
      state: 'active',
      limit: '5',
      after: active.body.next,
    });
    expect([rest.body.enrollments.length, rest.body.next]).toEqual([2, null]);

    expect(await api('GET', path, undefined, { limit: '1001' })).toEqual({
      status: 400,
      body: { error: "Invalid 'limit': must be a whole number from 1 to 1000" },
    });
    expect((await api('GET', path, undefined, { after: 'bad' })).status).toBe(400);
  });
});
