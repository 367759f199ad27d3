import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';
import { runOps } from '../../../src/service/ops/run-ops.js';
import { PLANS, planOf } from '../../../src/service/plans/plans.js';

let svc: TestService;
let a: SignedIn;

beforeAll(async () => {
  svc = await startTestService();
  a = await signIn(svc, 'ada@plans.test', 'Ada');
});
afterAll(() => svc.close());

async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, {
    context: svc.ctx,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out, err };
}
const planOfTeam = async (id: string) =>
  (await svc.ctx.db.query<{ plan: string }>('SELECT plan FROM teams WHERE id = $1', [id]))[0]!.plan;
const createKeywords = (keywords: string[]) =>
  svc.call('POST', '/api-keyword-watchlist', { body: { keywords }, headers: a.keyHeaders });

describe('plan table', () => {
  test('free < pro < business on every cap; an unknown plan name is held to the free caps', () => {
    for (const cap of Object.keys(PLANS.free) as (keyof typeof PLANS.free)[]) {
      expect(PLANS.free[cap]).toBeLessThan(PLANS.pro[cap]);
      expect(PLANS.pro[cap]).toBeLessThan(PLANS.business[cap]);
    }
    expect(planOf('legacy-gold')).toEqual({ name: 'free', limits: PLANS.free });
    expect(planOf('pro')).toEqual({ name: 'pro', limits: PLANS.pro });
  });
});

describe('npm run ops -- set-plan', () => {
  test('by member e-mail and by team id; the new caps apply to the next API call', async () => {
    for (const k of ['one', 'two', 'three']) expect((await createKeywords([k])).status).toBe(201);
    const refused = await createKeywords(['four']);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'Plan limit reached: the free plan allows 3 watchlists',
    });

    const byEmail = await ops('set-plan', 'ADA@plans.test', 'pro');
    expect(byEmail).toEqual({
      code: 0,
      out: [
        `Team ${a.team.id} (${a.team.name}) is on the pro plan (was free): 50 watchlists, 50 keywords per watchlist, 500 profiles per people watchlist, 200 companies per company watchlist, 50 sequences.`,
      ],
      err: [],
    });
    expect(await planOfTeam(a.team.id)).toBe('pro');
    expect((await createKeywords(['four'])).status).toBe(201);

    // Back to free by team id: the 4 watchlists stay, the operator is told, new ones are refused.
    const byId = await ops('set-plan', a.team.id, 'free');
    expect(byId.code).toBe(0);
    expect(byId.err).toEqual([
      'Note: the team has 4 watchlists; they stay, but no new one can be created until it is under 3.',
    ]);
    expect(await planOfTeam(a.team.id)).toBe('free');
    expect((await createKeywords(['five'])).status).toBe(403);
    // The idempotent creation still answers: it uses no slot.
    expect((await createKeywords(['ONE'])).status).toBe(200);
  });

  test('usage errors and unknown teams change nothing', async () => {
    const before = await planOfTeam(a.team.id);
    expect(await ops('set-plan', 'ada@plans.test', 'platinum')).toMatchObject({
      code: 2,
      err: [
        "Unknown plan 'platinum'; plans: free, pro, business (usage: npm run ops -- set-plan <team id or member e-mail> <free|pro|business>)",
      ],
    });
    expect((await ops('set-plan', 'ada@plans.test')).code).toBe(2);
    expect(await ops('set-plan', 'nobody@plans.test', 'pro')).toMatchObject({
      code: 1,
      err: ['No team has a member with e-mail nobody@plans.test'],
    });
    expect(await ops('set-plan', crypto.randomUUID(), 'pro')).toMatchObject({ code: 1 });
    expect(await planOfTeam(a.team.id)).toBe(before);
  });

  test('help lists the command', async () => {
    const help = await ops('help');
    expect(help.code).toBe(0);
    expect([...help.out, ...help.err].join('\n')).toContain('set-plan');
  });
});
