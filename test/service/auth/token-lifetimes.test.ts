import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn } from '../../support/sign-in.js';
import type { VerifyOtpResponse } from '../../../src/contract/auth.js';
import { forgetEverywhere } from '../../../src/service/auth/credential-cache.js';

/**
 * Tokens that end (src/service/auth/token-lifetimes.ts): an extension's token after 30 days
 * without use, a dashboard sign-in's a day after it was issued. The clock is moved by writing the
 * token's dates in the database; the credential cache is then told, as any change tells it.
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

async function answer(res: Response) {
  return [res.status, (await res.json()) as unknown] as const;
}

/** Sign-in as the dashboard does it, with `client: 'dashboard'`. */
async function dashboardSignIn(email: string) {
  await svc.ctx.db.query(
    `UPDATE otp_codes SET sent_at = now() - interval '2 hours', window_started_at = now() - interval '2 hours' WHERE email = $1`,
    [email],
  );
  expect((await svc.call('POST', '/network-agent/auth-send-otp', { body: { email } })).status).toBe(
    200,
  );
  const otp = await svc.latestCode(email);
  const res = await svc.call('POST', '/network-agent/auth-verify-otp', {
    body: { email, otp, client: 'dashboard' },
  });
  expect(res.status).toBe(200);
  const s = (await res.json()) as VerifyOtpResponse;
  return {
    userId: s.user.id,
    headers: { 'x-api-key': s.team.api_key, authorization: `Bearer ${s.agent_token}` },
  };
}

/** Moves the user's tokens back in time, then drops what the caches hold for them. */
async function age(userId: string, created: string, lastUsed: string | null) {
  await svc.ctx.db.query(
    `UPDATE agent_tokens SET created_at = now() - $2::interval,
            last_used_at = CASE WHEN $3::text IS NULL THEN NULL ELSE now() - $3::interval END
      WHERE user_id = $1`,
    [userId, created, lastUsed],
  );
  forgetEverywhere({ user: userId });
}

const heartbeat = (headers: Record<string, string>) =>
  svc.call('POST', '/agent/heartbeat', { headers, body: HEARTBEAT });

describe("an extension's token", () => {
  test('ends after 30 days without use, with a message that asks for a new sign-in; use renews it', async () => {
    // Used 29 days ago: it lives on, and the call renews it (no explicit renewal).
    const cy = await signIn(svc, 'idle-cy@example.com');
    await age(cy.user.id, '200 days', '29 days');
    expect((await heartbeat(cy.memberHeaders)).status).toBe(200);
    const [row] = await svc.ctx.db.query<{ idle_s: number }>(
      'SELECT extract(epoch FROM now() - last_used_at)::float8 AS idle_s FROM agent_tokens WHERE user_id = $1',
      [cy.user.id],
    );
    expect(row!.idle_s).toBeLessThan(60);
    // Three days on, the old limit is past, but the renewed token works.
    await svc.ctx.db.query(
      `UPDATE agent_tokens SET last_used_at = last_used_at - interval '3 days' WHERE user_id = $1`,
      [cy.user.id],
    );
    forgetEverywhere({ user: cy.user.id });
    expect((await svc.call('GET', '/api-team', { headers: cy.memberHeaders })).status).toBe(200);

    const ada = await signIn(svc, 'idle-ada@example.com');
    expect((await heartbeat(ada.memberHeaders)).status).toBe(200);
    await age(ada.user.id, '40 days', '31 days');
    expect(await answer(await heartbeat(ada.memberHeaders))).toEqual([
      401,
      { error: 'Agent token expired; sign in again' },
    ]);
    expect(
      await answer(await svc.call('GET', '/api-team', { headers: ada.memberHeaders })),
    ).toEqual([401, { error: 'Agent token expired; sign in again' }]);
    // The key alone is not the token's to lose.
    expect((await svc.call('GET', '/api-tasks', { headers: ada.keyHeaders })).status).toBe(200);
  });

  test('never used, it ends 30 days after it was issued', async () => {
    const bea = await signIn(svc, 'idle-bea@example.com');
    await age(bea.user.id, '31 days', null);
    expect((await heartbeat(bea.memberHeaders)).status).toBe(401);
  });
});

describe("a dashboard sign-in's token", () => {
  test('lives at most a day, however much it is used', async () => {
    const s = await dashboardSignIn('dash-eve@example.com');
    const [row] = await svc.ctx.db.query<{ kind: string }>(
      'SELECT kind FROM agent_tokens WHERE user_id = $1',
      [s.userId],
    );
    expect(row!.kind).toBe('dashboard');
    expect((await svc.call('GET', '/api-team', { headers: s.headers })).status).toBe(200);
    await age(s.userId, '23 hours', '1 minute');
    expect((await svc.call('GET', '/api-team', { headers: s.headers })).status).toBe(200);
    await age(s.userId, '24 hours 1 minute', '1 minute');
    expect(await answer(await svc.call('GET', '/api-team', { headers: s.headers }))).toEqual([
      401,
      { error: 'Agent token expired; sign in again' },
    ]);
    // An extension's token as old and as busy goes on: the day is the dashboard's alone.
    const di = await signIn(svc, 'idle-di@example.com');
    await age(di.user.id, '25 hours', '1 minute');
    expect((await heartbeat(di.memberHeaders)).status).toBe(200);
  });

  test('ends at sign-out', async () => {
    const s = await dashboardSignIn('dash-fay@example.com');
    expect((await svc.call('POST', '/agent/sign-out', { headers: s.headers })).status).toBe(200);
    expect(await answer(await svc.call('GET', '/api-team', { headers: s.headers }))).toEqual([
      401,
      { error: 'Agent token revoked; sign in again' },
    ]);
  });

  test('an unknown client is a 400 naming the field', async () => {
    const res = await svc.call('POST', '/network-agent/auth-verify-otp', {
      body: { email: 'dash-gil@example.com', otp: '123456', client: 'cli' },
    });
    expect(await answer(res)).toEqual([
      400,
      { error: "Invalid 'client': must be 'extension' or 'dashboard'" },
    ]);
  });
});
