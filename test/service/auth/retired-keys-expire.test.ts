import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';
import { pruneSignInRows } from '../../../src/service/auth/sign-in-housekeeping.js';
import { ConfigError, loadConfig } from '../../../src/service/config.js';
import { sha256 } from '../../../src/service/security/crypto.js';

/**
 * A key the team rotated out works with a live member token for RETIRED_KEY_HOURS (24 by default)
 * and not after the next rotation (docs/security.md, "Credentials"). Time is moved by back-dating
 * the retired key's row, never by sleeping.
 */

const withKeyAndToken = (key: string, token: string) => ({
  'x-api-key': key,
  authorization: `Bearer ${token}`,
});

async function answer(res: Response) {
  return [res.status, (await res.json()) as unknown] as const;
}

function service(env: Record<string, string> = {}) {
  const box: { svc?: TestService } = {};
  beforeAll(async () => {
    box.svc = await startTestService(env);
  });
  afterAll(() => box.svc?.close());
  return () => box.svc!;
}

async function rotate(svc: TestService, admin: SignedIn, key: string): Promise<string> {
  const res = await svc.call('POST', '/api-team-key/rotate', {
    headers: withKeyAndToken(key, admin.agentToken),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { api_key: string }).api_key;
}

/** Moves the team's retired key back in time by `interval` (a PostgreSQL interval). */
async function retiredAgo(svc: TestService, teamId: string, interval: string) {
  const rows = await svc.ctx.db.query(
    `UPDATE team_retired_keys SET retired_at = now() - $2::interval WHERE team_id = $1 RETURNING 1`,
    [teamId, interval],
  );
  expect(rows).toHaveLength(1);
}

describe('with the default RETIRED_KEY_HOURS (24)', () => {
  const svc = service();
  const tasks = (key: string, token: string) =>
    svc().call('GET', '/api-tasks', { headers: withKeyAndToken(key, token) });

  test('after two rotations the first key is refused even with a live token; the second still works', async () => {
    const admin = await signIn(svc(), 'two-rot@example.com');
    const first = admin.apiKey;
    const second = await rotate(svc(), admin, first);
    // Warm the cache with the first key: the next rotation must end it there too.
    expect((await tasks(first, admin.agentToken)).status).toBe(200);
    const third = await rotate(svc(), admin, second);
    expect(await answer(await tasks(first, admin.agentToken))).toEqual([
      401,
      { error: 'Invalid API Key' },
    ]);
    expect((await tasks(second, admin.agentToken)).status).toBe(200);
    expect((await tasks(third, admin.agentToken)).status).toBe(200);
    const kept = await svc().ctx.db.query('SELECT 1 FROM team_retired_keys WHERE team_id = $1', [
      admin.team.id,
    ]);
    expect(kept).toHaveLength(1);
  });

  test('within 24 hours the previous key works with a live token; past them it is refused', async () => {
    const admin = await signIn(svc(), 'aging@example.com');
    const old = admin.apiKey;
    await rotate(svc(), admin, old);
    await retiredAgo(svc(), admin.team.id, '23 hours 59 minutes');
    expect((await tasks(old, admin.agentToken)).status).toBe(200);
    await retiredAgo(svc(), admin.team.id, '24 hours 1 second');
    // Forget the answer cached above (how long it is kept is the next test's subject): the
    // database's deadline decides.
    svc().ctx.credentials.clear();
    expect(await answer(await tasks(old, admin.agentToken))).toEqual([
      401,
      { error: 'Invalid API Key' },
    ]);
  });

  test('a member fetches the new key with the rotated-out key and their token until its deadline', async () => {
    const admin = await signIn(svc(), 'fetch-new@example.com');
    const old = admin.apiKey;
    const fresh = await rotate(svc(), admin, old);
    const teamKey = () =>
      svc().call('GET', '/api-team-key', { headers: withKeyAndToken(old, admin.agentToken) });
    await retiredAgo(svc(), admin.team.id, '23 hours 59 minutes');
    const [status, body] = await answer(await teamKey());
    expect(status).toBe(200);
    expect(body).toMatchObject({ api_key: fresh });
    await retiredAgo(svc(), admin.team.id, '24 hours 1 second');
    svc().ctx.credentials.clear();
    expect(await answer(await teamKey())).toEqual([401, { error: 'Invalid API Key' }]);
  });

  test('the credential cache keeps a retired key no longer than its deadline', async () => {
    const admin = await signIn(svc(), 'cached@example.com');
    const old = admin.apiKey;
    await rotate(svc(), admin, old);
    // One minute left: the look-up below is remembered for at most that minute.
    await retiredAgo(svc(), admin.team.id, '23 hours 59 minutes');
    expect((await tasks(old, admin.agentToken)).status).toBe(200);
    const cache = svc().ctx.credentials;
    const now = Date.now();
    expect(cache.retiredTeam(sha256(old), now)).toMatchObject({ id: admin.team.id });
    expect(cache.retiredTeam(sha256(old), now + 61_000)).toBeUndefined();
  });

  test('housekeeping deletes retired keys past their time and keeps the others', async () => {
    const late = await signIn(svc(), 'prune-late@example.com');
    const recent = await signIn(svc(), 'prune-recent@example.com');
    await rotate(svc(), late, late.apiKey);
    await rotate(svc(), recent, recent.apiKey);
    await retiredAgo(svc(), late.team.id, '25 hours');
    await retiredAgo(svc(), recent.team.id, '23 hours');
    const pruned = await pruneSignInRows(svc().ctx);
    expect(pruned.retiredKeys).toBeGreaterThanOrEqual(1);
    const left = await svc().ctx.db.query<{ team_id: string }>(
      'SELECT team_id FROM team_retired_keys WHERE team_id IN ($1, $2)',
      [late.team.id, recent.team.id],
    );
    expect(left.map((r) => r.team_id)).toEqual([recent.team.id]);
  });
});

describe('RETIRED_KEY_HOURS=2', () => {
  const svc = service({ RETIRED_KEY_HOURS: '2' });

  test('a key rotated out 2 hours ago is refused with a live token; 1 hour ago it works', async () => {
    const admin = await signIn(svc(), 'short@example.com');
    const old = admin.apiKey;
    await rotate(svc(), admin, old);
    const tasks = () =>
      svc().call('GET', '/api-tasks', { headers: withKeyAndToken(old, admin.agentToken) });
    await retiredAgo(svc(), admin.team.id, '1 hour');
    expect((await tasks()).status).toBe(200);
    svc().ctx.credentials.clear();
    await retiredAgo(svc(), admin.team.id, '2 hours');
    expect((await tasks()).status).toBe(401);
  });

  test('a value out of range stops start-up with one line naming it', () => {
    expect(() => loadConfig({ RETIRED_KEY_HOURS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ RETIRED_KEY_HOURS: '721' })).toThrow(
      /^Invalid configuration: RETIRED_KEY_HOURS must be a whole number of hours from 1 to 720 \(got "721"\)$/,
    );
  });
});
