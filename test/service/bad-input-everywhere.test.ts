import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../support/test-service.js';
import { signIn, type SignedIn } from '../support/sign-in.js';

/**
 * A sweep over every operation /openapi.json documents: each gets malformed and mistyped input with
 * valid credentials and an agent-active team, and must answer a 4xx with an `{error}` message, never
 * a 500. The per-family tests check the exact messages; this one keeps a new route honest.
 */

let svc: TestService;
let me: SignedIn;
beforeAll(async () => {
  svc = await startTestService();
  me = await signIn(svc, 'sweep@example.com', 'Sweep');
  await svc.ctx.db.query('UPDATE memberships SET last_active_at = now() WHERE user_id = $1', [me.user.id]);
});
afterAll(() => svc.close());

const BAD_BODIES: (string | undefined)[] = [
  '{not json',
  '[]',
  '"text"',
  'null',
  JSON.stringify({ unexpected_field: true }),
  JSON.stringify(Object.fromEntries(['id', 'email', 'otp', 'keywords', 'profiles', 'companies', 'post_id', 'attempt', 'output', 'error', 'wait_s', 'profile_urn', 'social_urn', 'company'].map((k) => [k, { nested: [1, 2, 3] }]))),
  JSON.stringify({ id: 'x'.repeat(5000), email: 12, keywords: [null], profiles: ['\u0000'], wait_s: 1e308, attempt: -1 }),
];
const BAD_QUERIES = ['', '?id=not-a-uuid', '?api_agent_task_id=%00', '?page=-1&range_from=abc&sort_by=%27', '?id=00000000-0000-0000-0000-000000000000'];

test('no documented operation answers 500 to malformed or mistyped input', async () => {
  const doc = (await (await svc.call('GET', '/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  const headers = { ...me.memberHeaders };
  let calls = 0;
  // Sign-out revokes the token the sweep uses: it goes last.
  const paths = Object.entries(doc.paths).sort(([a], [b]) => Number(a === '/agent/sign-out') - Number(b === '/agent/sign-out'));
  for (const [template, methods] of paths) {
    const path = template.replace('{id}', '00000000-0000-4000-8000-000000000000');
    for (const method of Object.keys(methods)) {
      const inputs =
        method === 'get' || method === 'delete'
          ? BAD_QUERIES.map((q) => ({ path: path + q, body: undefined }))
          : BAD_BODIES.map((body) => ({ path, body }));
      for (const input of inputs) {
        const res = await svc.call(method.toUpperCase(), input.path, { body: input.body, headers });
        calls++;
        const what = `${method.toUpperCase()} ${input.path} ${input.body?.slice(0, 60) ?? ''}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status >= 400) expect(((await res.json()) as { error?: unknown }).error, what).toEqual(expect.any(String));
      }
    }
  }
  expect(calls).toBeGreaterThan(100);
});
