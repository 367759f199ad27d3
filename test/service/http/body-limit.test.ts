import { request } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { startServer, type RunningService } from '../../../src/service/server.js';
import { MAX_BODY_BYTES } from '../../../src/service/app.js';

// The body limit over real sockets: a body with a declared length is judged by it, a chunked one is
// counted as it streams in (http/body-limit.ts). Either way nothing over the limit is filed.

let svc: TestService;
let running: RunningService;
let team: AgentTeam;

beforeAll(async () => {
  svc = await startTestService();
  running = await startServer(svc.ctx, { ...svc.config, PORT: 0, HOST: '127.0.0.1' });
  team = await createAgentTeam(svc, 'Bodies', [{ email: 'ada@body.test', role: 'admin' }]);
});
afterAll(async () => {
  await running.close();
  await svc.close();
});

const taskCount = async () =>
  (
    await svc.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tasks WHERE team_id = $1',
      [team.id],
    )
  )[0]!.n;

/** POSTs `chunks` to fetch-profile: with a content-length when `declared`, else chunked. */
function post(chunks: string[], declared: boolean): Promise<{ status: number; body: string }> {
  const whole = chunks.join('');
  return new Promise((resolve, reject) => {
    const req = request(
      `${running.url}/network-agent/fetch-profile`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': team.apiKey,
          ...(declared
            ? { 'content-length': Buffer.byteLength(whole) }
            : { 'transfer-encoding': 'chunked' }),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    // The service may answer 413 and close before the whole body is sent.
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

const big = () => {
  const slug = 'a'.repeat(MAX_BODY_BYTES + 10);
  return [`{"profile_slug": "`, slug.slice(0, slug.length / 2), slug.slice(slug.length / 2), `"}`];
};

for (const [how, declared] of [
  ['a declared length', true],
  ['a chunked body', false],
] as const) {
  test(`${how} over the limit is 413 and files nothing`, async () => {
    const before = await taskCount();
    const res = await post(big(), declared);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      error: `Request body too large (limit ${MAX_BODY_BYTES} bytes)`,
    });
    expect(await taskCount()).toBe(before);
  });
}

test('bodies within the limit are read whole either way', async () => {
  const before = await taskCount();
  const chunks = ['{"profile_sl', 'ug": "ada-lovelace"}'];
  for (const declared of [true, false]) {
    const res = await post(chunks, declared);
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ api_agent_task_id: expect.any(String) });
  }
  expect(await taskCount()).toBe(before + 2);
});
