import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startServiceProcess } from '../../support/service-process.js';
import { startTricklingServer, type TricklingServer } from '../../support/trickling-server.js';
import { waitFor } from '../../support/local-http.js';
import { seedPgliteFolder } from '../../support/pglite-image.js';

// Either database: the real process runs on its own PGlite in DATA_DIR (service-process.ts leaves DATABASE_URL out).

/**
 * SIGTERM stops the real service process within 10 s whatever a receiver does: here a team's
 * webhook receiver answers one byte a second and never ends while its delivery is in flight. The
 * deadline is set to its longest (25 s), so only the shutdown itself can end the delivery in time.
 */
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let dataDir: string;
let trickle: TricklingServer;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'na-outbound-stop-'));
  trickle = await startTricklingServer({ everyMs: 1_000 });
});
afterAll(async () => {
  await trickle.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The code of the newest sign-in mail in the outbox, as a person reads it. */
async function mailedCode(outbox: string): Promise<string> {
  const files = (await readdir(outbox)).sort().reverse();
  for (const f of files) {
    const body = (await readFile(join(outbox, f), 'utf8'))
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n');
    const code = /\b(\d{6})\b/.exec(body)?.[1];
    if (code) return code;
  }
  throw new Error('no code mailed');
}

test('SIGTERM with a trickling webhook delivery in flight: the process exits cleanly within 10 s', async () => {
  const outbox = join(dataDir, 'outbox');
  // Migrated already, as after a first start (test/support/pglite-image.ts).
  await seedPgliteFolder(join(dataDir, 'data', 'pglite'));
  const svc = await startServiceProcess(
    {
      DATA_DIR: join(dataDir, 'data'),
      MAIL_OUTBOX_DIR: outbox,
      ALLOW_PRIVATE_FETCH: '1',
      OUTBOUND_TIMEOUT_S: '25',
    },
    180_000,
  );
  try {
    const call = async (method: string, path: string, body?: unknown, headers = {}) => {
      const res = await fetch(`${svc.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
      return (res.status === 204 ? null : res.json()) as Promise<unknown>;
    };
    // A person signs up (their own team, as admin) and consents, as the popup does.
    const email = 'ada@stop.test';
    await call('POST', '/network-agent/auth-send-otp', { email, full_name: 'Ada' });
    const otp = await waitFor(
      () => mailedCode(outbox).catch(() => ''),
      (c) => c !== '',
      5_000,
    );
    const signedIn = (await call('POST', '/network-agent/auth-verify-otp', { email, otp })) as {
      team: { api_key: string };
      agent_token: string;
    };
    const key = { 'x-api-key': signedIn.team.api_key };
    const member = { ...key, authorization: `Bearer ${signedIn.agent_token}` };
    const { version } = (await call('GET', '/agent/consent', undefined, member)) as {
      version: string;
    };
    await call('POST', '/agent/consent', { version }, member);

    // Their agent checks in (network operations are accepted once it has).
    await call('POST', '/agent/tasks/claim', { wait_s: 0 }, member);

    // Their webhook trickles; a task of theirs ends and its delivery goes out.
    await call(
      'POST',
      '/api-webhooks',
      { url: `${trickle.url}/hook`, events: ['task.completed'] },
      member,
    );
    await call(
      'POST',
      '/network-agent/like-post',
      { social_urn: 'urn:li:activity:7261000000000000001', reaction_type: 'LIKE' },
      key,
    );
    const { task } = (await call('POST', '/agent/tasks/claim', { wait_s: 0 }, member)) as {
      task: { id: string; attempt: number };
    };
    await call(
      'POST',
      `/agent/tasks/${task.id}/complete`,
      { attempt: task.attempt, output: { liked: true } },
      member,
    );
    await waitFor(
      async () => trickle.connections.length,
      (n) => n === 1,
      10_000,
    );
    await new Promise((r) => setTimeout(r, 1_500));
    expect(trickle.connections[0]!.closed).toBeNull();

    const signalled = Date.now();
    svc.child.kill('SIGTERM');
    const code = await Promise.race([
      svc.exited,
      new Promise<string>((r) => setTimeout(() => r('still running after 15 s'), 15_000)),
    ]);
    const tookMs = Date.now() - signalled;
    expect(code, svc.output()).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    // The service closed the trickling connection on its way out (this process may hear of the
    // closing after it hears of the exit).
    await expect.poll(() => trickle.connections[0]!.closed).not.toBeNull();
    expect(trickle.connections[0]!.closed! - signalled).toBeLessThan(10_000);
  } finally {
    svc.child.kill('SIGKILL');
  }
});
