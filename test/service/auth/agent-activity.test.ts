import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn } from '../../support/sign-in.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

test('an accepted /agent/ call marks the member active and the token used; a refused one marks nothing', async () => {
  const ada = await signIn(svc, 'activity-ada@example.com');
  const marks = async () =>
    (
      await svc.ctx.db.query<{ last_active_at: Date | null; last_used_at: Date | null }>(
        `SELECT m.last_active_at, t.last_used_at FROM memberships m JOIN agent_tokens t ON t.user_id = m.user_id WHERE m.user_id = $1`,
        [ada.user.id],
      )
    )[0]!;
  expect(await marks()).toEqual({ last_active_at: null, last_used_at: null });

  const refused = await svc.call('POST', '/agent/heartbeat', {
    headers: {
      'x-api-key': ada.apiKey,
      authorization: 'Bearer nat_wrongwrongwrongwrongwrongwrong',
    },
    body: {
      extension_version: '1.0.0',
      browser: 'chrome 131',
      network: { signed_in: true },
      paused: false,
    },
  });
  expect(refused.status).toBe(401);
  expect(await marks()).toEqual({ last_active_at: null, last_used_at: null });

  const res = await svc.call('POST', '/agent/heartbeat', {
    headers: ada.memberHeaders,
    body: {
      extension_version: '1.0.0',
      browser: 'chrome 131',
      network: { signed_in: true },
      paused: false,
    },
  });
  expect(res.status).toBe(200);
  const after = await marks();
  expect(after.last_active_at).not.toBeNull();
  expect(after.last_used_at).not.toBeNull();
});
