import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';

/**
 * Keys that follow membership (docs/api.md "Who holds the key"): a person who leaves holds nothing
 * that works, an admin rotates the key, and everyone still in the team keeps working without a new
 * sign-in. Every call is made right after the change, with caches warmed by calls just before it.
 */

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const HEARTBEAT = {
  extension_version: '1.0.0',
  browser: 'chrome 131',
  network: { signed_in: true },
  paused: false,
};

const withKey = (key: string) => ({ 'x-api-key': key });
const withKeyAndToken = (key: string, token: string) => ({
  'x-api-key': key,
  authorization: `Bearer ${token}`,
});

async function answer(res: Response) {
  return [res.status, (await res.json()) as unknown] as const;
}
const tasks = (headers: Record<string, string>) => svc.call('GET', '/api-tasks', { headers });
const heartbeat = (headers: Record<string, string>) =>
  svc.call('POST', '/agent/heartbeat', { headers, body: HEARTBEAT });
const team = (headers: Record<string, string>) => svc.call('GET', '/api-team', { headers });
async function currentKey(headers: Record<string, string>): Promise<string> {
  const res = await svc.call('GET', '/api-team-key', { headers });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { api_key: string }).api_key;
}

async function teamWith(admin: string, others: { email: string; role: 'admin' | 'member' }[]) {
  const a = await signIn(svc, admin);
  const joined: SignedIn[] = [];
  for (const o of others) {
    const res = await svc.call('POST', '/api-team-members', {
      headers: a.memberHeaders,
      body: o,
    });
    expect(res.status).toBe(201);
    joined.push(await signIn(svc, o.email));
  }
  return { admin: a, others: joined };
}

describe('a member who is removed', () => {
  test('keeps no key and no token that works, at once; the others keep working', async () => {
    const { admin, others } = await teamWith('rm-admin@example.com', [
      { email: 'rm-bob@example.com', role: 'member' },
      { email: 'rm-carol@example.com', role: 'member' },
    ]);
    const [bob, carol] = others as [SignedIn, SignedIn];
    const key = bob.apiKey;
    expect(carol.apiKey).toBe(key);
    // Warm every cache: the key alone, and each member's key and token.
    expect((await tasks(withKey(key))).status).toBe(200);
    expect((await heartbeat(bob.memberHeaders)).status).toBe(200);
    expect((await heartbeat(carol.memberHeaders)).status).toBe(200);
    expect((await team(admin.memberHeaders)).status).toBe(200);

    // Withdrawing an invitation rotates nothing: that person was never shown the key.
    await svc.call('POST', '/api-team-members', {
      headers: admin.memberHeaders,
      body: { email: 'rm-dan@example.com' },
    });
    const withdrawn = await svc.call('DELETE', '/api-team-members?email=rm-dan@example.com', {
      headers: admin.memberHeaders,
    });
    expect(await answer(withdrawn)).toEqual([
      200,
      { success: true, message: 'rm-dan@example.com was removed from the team' },
    ]);
    expect((await tasks(withKey(key))).status).toBe(200);

    const removed = await svc.call('DELETE', '/api-team-members?email=rm-bob@example.com', {
      headers: admin.memberHeaders,
    });
    expect(await answer(removed)).toEqual([
      200,
      {
        success: true,
        message:
          "rm-bob@example.com was removed from the team; the team's API key was rotated (programs using it need the new one)",
      },
    ]);

    // What Bob holds: the key alone, the key with his token, his token asking for the new key.
    expect(await answer(await tasks(withKey(key)))).toEqual([401, { error: 'Invalid API Key' }]);
    expect(await answer(await heartbeat(bob.memberHeaders))).toEqual([
      401,
      { error: 'Agent token revoked; sign in again' },
    ]);
    expect((await tasks(bob.memberHeaders)).status).toBe(401);
    expect((await svc.call('GET', '/api-team-key', { headers: bob.memberHeaders })).status).toBe(
      401,
    );

    // Carol's extension and the admin's dashboard still send the old key with their own token.
    expect((await heartbeat(carol.memberHeaders)).status).toBe(200);
    expect((await team(admin.memberHeaders)).status).toBe(200);
    const fresh = await currentKey(admin.memberHeaders);
    expect(fresh).not.toBe(key);
    expect(await currentKey(carol.memberHeaders)).toBe(fresh);
    expect((await tasks(withKey(fresh))).status).toBe(200);
    // Even with the new key, Bob's token is dead.
    expect((await heartbeat(withKeyAndToken(fresh, bob.agentToken))).status).toBe(401);
  });

  test('a member who moves to another team takes no working key of the old one', async () => {
    const { admin, others } = await teamWith('mv-admin@example.com', [
      { email: 'mv-erin@example.com', role: 'member' },
    ]);
    const erin = others[0]!;
    const other = await signIn(svc, 'mv-other@example.com');
    await svc.call('POST', '/api-team-members', {
      headers: other.memberHeaders,
      body: { email: 'mv-erin@example.com' },
    });
    expect((await tasks(erin.keyHeaders)).status).toBe(200);
    const accepted = await svc.call('POST', '/api-team-invitations/accept', {
      headers: erin.memberHeaders,
      body: { team_id: other.team.id },
    });
    expect(accepted.status).toBe(200);
    expect(await answer(await tasks(erin.keyHeaders))).toEqual([401, { error: 'Invalid API Key' }]);
    expect((await team(admin.memberHeaders)).status).toBe(200);
    expect(await currentKey(admin.memberHeaders)).not.toBe(erin.apiKey);
  });
});

describe('an admin who is demoted', () => {
  test('loses every admin right at once, warm cache or not', async () => {
    const { admin, others } = await teamWith('dm-admin@example.com', [
      { email: 'dm-frank@example.com', role: 'admin' },
    ]);
    const frank = others[0]!;
    // As an admin Frank may rotate the key; his cached identity says admin.
    const rotated = await svc.call('POST', '/api-team-key/rotate', {
      headers: frank.memberHeaders,
    });
    expect(rotated.status).toBe(200);
    const demoted = await svc.call('PATCH', '/api-team-members', {
      headers: admin.memberHeaders,
      body: { email: 'dm-frank@example.com', role: 'member' },
    });
    expect(demoted.status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/api-team-key/rotate', undefined],
      ['PATCH', '/api-team-members', { email: 'dm-admin@example.com', role: 'member' }],
      ['DELETE', '/api-team-members?email=dm-admin@example.com', undefined],
      ['POST', '/api-team-members', { email: 'dm-new@example.com' }],
    ] as const) {
      const res = await svc.call(method, path, { headers: frank.memberHeaders, body });
      expect(await answer(res), `${method} ${path}`).toEqual([403, { error: 'Access denied' }]);
    }
    // Still a member: the team's key is his to see, as every member's.
    expect((await team(frank.memberHeaders)).status).toBe(200);
  });
});

describe('an admin rotates the key', () => {
  test('the old key alone fails at once; the new one works; dashboards and agents keep working', async () => {
    const { admin, others } = await teamWith('rot-admin@example.com', [
      { email: 'rot-grace@example.com', role: 'admin' },
      { email: 'rot-hal@example.com', role: 'member' },
    ]);
    const [grace, hal] = others as [SignedIn, SignedIn];
    const old = admin.apiKey;
    expect((await tasks(withKey(old))).status).toBe(200);
    expect(
      (await svc.call('GET', '/api-keyword-watchlist', { headers: withKey(old) })).status,
    ).toBe(200);
    expect((await heartbeat(hal.memberHeaders)).status).toBe(200);
    expect((await team(grace.memberHeaders)).status).toBe(200);

    // Only an admin may.
    expect(
      await answer(await svc.call('POST', '/api-team-key/rotate', { headers: hal.memberHeaders })),
    ).toEqual([403, { error: 'Access denied' }]);
    expect(await currentKey(hal.memberHeaders)).toBe(old);

    const res = await svc.call('POST', '/api-team-key/rotate', { headers: admin.memberHeaders });
    expect(res.status).toBe(200);
    const { api_key: fresh, rotated_at } = (await res.json()) as {
      api_key: string;
      rotated_at: string;
    };
    expect(fresh).toMatch(/^nak_/);
    expect(fresh).not.toBe(old);
    expect(Date.now() - Date.parse(rotated_at)).toBeLessThan(60_000);

    expect(await answer(await tasks(withKey(old)))).toEqual([401, { error: 'Invalid API Key' }]);
    expect(
      await answer(await svc.call('GET', '/api-keyword-watchlist', { headers: withKey(old) })),
    ).toEqual([401, { error: 'Unauthorized' }]);
    expect((await tasks(withKey(fresh))).status).toBe(200);

    // Grace's dashboard (old key and her token) and Hal's extension (the same) go on.
    expect((await team(grace.memberHeaders)).status).toBe(200);
    expect((await tasks(grace.memberHeaders)).status).toBe(200);
    expect(await currentKey(grace.memberHeaders)).toBe(fresh);
    expect((await heartbeat(hal.memberHeaders)).status).toBe(200);
    const claim = await svc.call('POST', '/agent/tasks/claim', {
      headers: hal.memberHeaders,
      body: { wait_s: 0 },
    });
    expect(claim.status).toBeLessThan(300);

    // A second rotation: only the key rotated out last goes on with a token; the one before is dead.
    await svc.call('POST', '/api-team-key/rotate', { headers: grace.memberHeaders });
    expect(await answer(await heartbeat(hal.memberHeaders))).toEqual([
      401,
      { error: 'Invalid API Key' },
    ]);
    expect((await heartbeat(withKeyAndToken(fresh, hal.agentToken))).status).toBe(200);
    expect((await tasks(withKey(fresh))).status).toBe(401);
  });

  test("a rotated-out key names its team only with a live token of that team's member", async () => {
    const a = await signIn(svc, 'ret-a@example.com');
    const b = await signIn(svc, 'ret-b@example.com');
    const old = a.apiKey;
    expect(
      (await svc.call('POST', '/api-team-key/rotate', { headers: a.memberHeaders })).status,
    ).toBe(200);
    // B's token is no member of A's team: the retired key stays refused.
    expect(await answer(await tasks(withKeyAndToken(old, b.agentToken)))).toEqual([
      401,
      { error: 'Invalid API Key' },
    ]);
    expect(await answer(await tasks(withKeyAndToken(old, `nat_${'q'.repeat(32)}`)))).toEqual([
      401,
      { error: 'Invalid API Key' },
    ]);
    // A signs out: the retired key with the dead token says what to do.
    expect((await svc.call('POST', '/agent/sign-out', { headers: a.memberHeaders })).status).toBe(
      200,
    );
    expect(await answer(await tasks(a.memberHeaders))).toEqual([
      401,
      { error: 'Agent token revoked; sign in again' },
    ]);
  });
});
