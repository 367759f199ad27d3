import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request, type IncomingHttpHeaders } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestService, type TestService } from '../../support/test-service.js';
import { startServer, type RunningService } from '../../../src/service/server.js';
import { ConfigError, loadConfig } from '../../../src/service/config.js';
import { BACKGROUND_JOBS } from '../../../src/service/jobs.js';
import { pruneSignInRows } from '../../../src/service/auth/sign-in-housekeeping.js';

/**
 * Guessing sign-in codes at scale, as an attacker would: over real sockets, from real loopback
 * addresses (127.0.0.1, 127.0.0.2, … are all this machine), with the default limits
 * (docs/api.md, "Sign-in limits"). Runs on PGlite and on PostgreSQL (DATABASE_URL).
 */

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: { error?: string } & Record<string, unknown>;
}

/** POSTs JSON to the running service from the local address `from`. */
function post(
  running: RunningService,
  path: string,
  body: unknown,
  opts: { from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(path, running.url);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
        headers: { 'content-type': 'application/json', ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const sendOtp = (r: RunningService, email: string, opts?: Parameters<typeof post>[3]) =>
  post(r, '/network-agent/auth-send-otp', { email }, opts);
const verifyOtp = (
  r: RunningService,
  email: string,
  otp: string,
  opts?: Parameters<typeof post>[3],
) => post(r, '/network-agent/auth-verify-otp', { email, otp }, opts);

function wrong(code: string) {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

function expectRetryAfter(a: Answer, max: number) {
  expect(a.status).toBe(429);
  const s = Number(a.headers['retry-after']);
  expect(s).toBeGreaterThan(0);
  expect(s).toBeLessThanOrEqual(max);
  expect(a.body.error).toMatch(new RegExp(`try again in ${s} seconds$`));
}

/** The outbox's mails, quoted-printable's soft line breaks undone so that sentences can be matched. */
async function outbox(dir: string): Promise<string[]> {
  const files = (await readdir(dir)).sort();
  const mails = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
  return mails.map((m) => m.replace(/=\r?\n/g, ''));
}

async function serve(env: Record<string, string> = {}) {
  const svc = await startTestService(env);
  const running = await startServer(svc.ctx, { ...svc.config, PORT: 0, HOST: '127.0.0.1' });
  return { svc, running };
}

describe('one client guessing codes of many accounts', () => {
  let svc: TestService;
  let running: RunningService;
  beforeAll(async () => {
    ({ svc, running } = await serve());
  });
  afterAll(async () => {
    await running.close();
    await svc.close();
  });
  const victim = (i: number) => `victim-${i}@example.com`;

  test('codes asked from one address: 20 an hour, then 429 with Retry-After; its forged X-Forwarded-For changes nothing', async () => {
    for (let i = 0; i < 20; i++) expect((await sendOtp(running, victim(i))).status).toBe(200);
    const refused = await sendOtp(running, victim(20));
    expectRetryAfter(refused, 3600);
    expect(refused.body.error).toMatch(/^Too many sign-in codes requested from this network; /);
    // The direct peer is no trusted proxy: its header is not believed.
    const spoofed = await sendOtp(running, victim(20), {
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(spoofed.status).toBe(429);
    // Another address asks as usual.
    expect((await sendOtp(running, victim(20), { from: '127.0.0.2' })).status).toBe(200);
  });

  test('wrong codes from one address: 20 an hour, then 429 even for a right code; another address signs in', async () => {
    let failures = 0;
    for (let i = 0; i < 4; i++) {
      const code = await svc.latestCode(victim(i));
      for (let t = 0; t < 5; t++) {
        const res = await verifyOtp(running, victim(i), wrong(code));
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'Invalid or expired OTP' });
        failures++;
      }
    }
    expect(failures).toBe(20);
    const right = await svc.latestCode(victim(5));
    const refused = await verifyOtp(running, victim(5), right);
    expectRetryAfter(refused, 3600);
    expect(refused.body.error).toMatch(/^Too many wrong sign-in codes from this network; /);
    const spoofed = await verifyOtp(running, victim(5), right, {
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(spoofed.status).toBe(429);
    // A code is checked only for the network that asked for it: elsewhere it is no code at all.
    expect((await verifyOtp(running, victim(5), right, { from: '127.0.0.2' })).status).toBe(401);
    // The refused checks used no try of the code: once the hour is over, it signs in.
    await svc.ctx.db.query(
      `UPDATE rate_counters SET window_ends_at = now() - interval '1 second'
        WHERE scope = 'sign_in_failures:client' AND subject = '127.0.0.1'`,
    );
    expect((await verifyOtp(running, victim(5), right)).status).toBe(200);
  });

  test('a burst of checks at once cannot pass the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        verifyOtp(running, `burst-${i}@example.com`, '000000', { from: '127.0.0.3' }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe('wrong codes on the whole service', () => {
  let svc: TestService;
  let running: RunningService;
  beforeAll(async () => {
    ({ svc, running } = await serve());
  });
  afterAll(async () => {
    await running.close();
    await svc.close();
  });

  test('200 an hour across every address, then 429 for everyone until the hour ends', async () => {
    for (let a = 10; a < 20; a++) {
      const from = `127.0.0.${a}`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          verifyOtp(running, `spread-${a}-${i}@example.com`, '123456', { from }),
        ),
      );
      expect(answers.map((x) => x.status)).toEqual(Array(20).fill(401));
    }
    const fresh = await verifyOtp(running, 'spread-new@example.com', '123456', {
      from: '127.0.0.30',
    });
    expectRetryAfter(fresh, 3600);
    expect(fresh.body.error).toMatch(
      /^Too many wrong sign-in codes on this service; sign-in is paused; /,
    );
    // The hour ends: checks are taken again.
    await svc.ctx.db.query(
      `UPDATE rate_counters SET window_ends_at = now() - interval '1 second' WHERE scope = 'sign_in_failures:all'`,
    );
    const later = await verifyOtp(running, 'spread-new@example.com', '123456', {
      from: '127.0.0.30',
    });
    expect(later.status).toBe(401);
  });
});

describe('behind a trusted proxy (TRUSTED_PROXIES)', () => {
  let svc: TestService;
  let running: RunningService;
  beforeAll(async () => {
    ({ svc, running } = await serve({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' }));
  });
  afterAll(async () => {
    await running.close();
    await svc.close();
  });
  const guess = (xff: string, from = '127.0.0.1') =>
    verifyOtp(running, 'someone@example.com', '123456', {
      from,
      headers: { 'x-forwarded-for': xff },
    });

  test('the client named by the proxy is counted; a forged entry left of it, and an untrusted peer’s header, are not', async () => {
    for (let i = 0; i < 20; i++) expect((await guess('203.0.113.7')).status).toBe(401);
    expectRetryAfter(await guess('203.0.113.7'), 3600);
    // The same client through a second trusted hop, or with a forged address in front of it.
    expect((await guess('203.0.113.7, 10.1.2.3')).status).toBe(429);
    expect((await guess('198.51.100.99, 203.0.113.7')).status).toBe(429);
    // Another client behind the same proxy is not held up.
    expect((await guess('203.0.113.8')).status).toBe(401);
    // 127.0.0.2 is no trusted proxy: its header is ignored and it is counted as itself.
    expect((await guess('203.0.113.7', '127.0.0.2')).status).toBe(401);
  });

  test('IPv6 clients are counted by their /64', async () => {
    for (let i = 0; i < 20; i++) expect((await guess(`2001:db8:1:2::${i + 1}`)).status).toBe(401);
    expect((await guess('2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await guess('2001:db8:1:3::1')).status).toBe(401);
  });

  test('a TRUSTED_PROXIES value that is no address stops start-up with one line naming it', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, proxy.local' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, proxy.local' })).toThrow(
      /^Invalid configuration: TRUSTED_PROXIES must be IP addresses or CIDR ranges separated by commas \('proxy\.local' is neither\)/,
    );
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ SIGNIN_FAILURES_PER_HOUR: '0' })).toThrow(
      /^Invalid configuration: SIGNIN_FAILURES_PER_HOUR must be a whole number from 1 to 1000000/,
    );
  });
});

describe('a stranger cannot keep an address’s owner out', () => {
  let svc: TestService;
  let running: RunningService;
  beforeAll(async () => {
    ({ svc, running } = await serve({ TRUSTED_PROXIES: '127.0.0.1' }));
  });
  afterAll(async () => {
    await running.close();
    await svc.close();
  });
  const attacker = { headers: { 'x-forwarded-for': '203.0.113.66' } };
  const owner = { headers: { 'x-forwarded-for': '198.51.100.20' } };
  /** The attacker's last code for `email` is more than 30 s old (never sleeping). */
  const pastResendWait = (email: string) =>
    svc.ctx.db.query(
      `UPDATE otp_codes SET sent_at = now() - interval '31 seconds' WHERE email = $1 AND client = '203.0.113.66'`,
      [email],
    );

  test('codes asked and 10+ wrong codes from one network: its owner, from theirs, still signs in', async () => {
    const email = 'victim@example.com';
    // The owner asks first: what follows must neither replace nor use up this code.
    expect((await sendOtp(running, email, owner)).status).toBe(200);
    const ownersCode = await svc.latestCode(email);

    // The attacker asks the address's 5 codes of the hour…
    let code = '';
    for (let i = 0; i < 5; i++) {
      await pastResendWait(email);
      expect((await sendOtp(running, email, attacker)).status).toBe(200);
      code = await svc.latestCode(email);
    }
    await pastResendWait(email);
    const sixth = await sendOtp(running, email, attacker);
    expectRetryAfter(sixth, 3600);
    expect(sixth.body.error).toMatch(/^Too many codes requested for this address; /);
    // …and sends 10 wrong codes (its own code's 5 tries, then a fresh code's 5).
    for (let t = 0; t < 5; t++)
      expect((await verifyOtp(running, email, wrong(code), attacker)).status).toBe(401);
    await svc.ctx.db.query(
      `UPDATE otp_codes SET sent_at = now() - interval '2 hours', window_started_at = now() - interval '2 hours'
        WHERE email = $1 AND client = '203.0.113.66'`,
      [email],
    );
    expect((await sendOtp(running, email, attacker)).status).toBe(200);
    code = await svc.latestCode(email);
    for (let t = 0; t < 5; t++)
      expect((await verifyOtp(running, email, wrong(code), attacker)).status).toBe(401);

    // The attacker's network is locked for the address: no check, no new code.
    const locked = await verifyOtp(running, email, code, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(
      /^Too many wrong codes for this address from this network: signing in with it from here is locked until 00:00 UTC; try again in \d+ seconds$/,
    );
    expect((await sendOtp(running, email, attacker)).status).toBe(429);
    const lockMails = (await outbox(svc.outboxDir)).filter((m) =>
      m.includes('sign-in locked for one network'),
    );
    expect(lockMails).toHaveLength(1);
    expect(lockMails[0]).toContain('from the network address 203.0.113.66 is locked');

    // The owner signs in with the code asked before all that…
    const signedIn = await verifyOtp(running, email, ownersCode, owner);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email });
    // …and again with a new one, asked now.
    await svc.ctx.db.query(
      `UPDATE otp_codes SET sent_at = now() - interval '31 seconds' WHERE email = $1 AND client = '198.51.100.20'`,
      [email],
    );
    expect((await sendOtp(running, email, owner)).status).toBe(200);
    expect((await verifyOtp(running, email, await svc.latestCode(email), owner)).status).toBe(200);

    // The attacker stays locked out, the owner's sign-in notwithstanding.
    expect((await verifyOtp(running, email, '123456', attacker)).status).toBe(429);
  });

  test('a code works only from the network that asked for it, and a try from elsewhere costs it nothing', async () => {
    const email = 'roaming@example.com';
    expect((await sendOtp(running, email, owner)).status).toBe(200);
    const ownersCode = await svc.latestCode(email);
    for (let t = 0; t < 6; t++)
      expect((await verifyOtp(running, email, ownersCode, attacker)).status).toBe(401);
    expect((await verifyOtp(running, email, ownersCode, owner)).status).toBe(200);
  });

  test('the attacker’s network stays bounded across addresses: 20 wrong codes an hour', async () => {
    const from = { headers: { 'x-forwarded-for': '203.0.113.77' } };
    for (let i = 0; i < 20; i++)
      expect((await verifyOtp(running, `many-${i}@example.com`, '123456', from)).status).toBe(401);
    const refused = await verifyOtp(running, 'many-20@example.com', '123456', from);
    expectRetryAfter(refused, 3600);
    expect(refused.body.error).toMatch(/^Too many wrong sign-in codes from this network; /);
  });
});

describe('an address locked for the day, spent rows deleted', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(() => svc.close());
  const send = (email: string) =>
    svc.call('POST', '/network-agent/auth-send-otp', { body: { email } });
  const verify = (email: string, otp: string) =>
    svc.call('POST', '/network-agent/auth-verify-otp', { body: { email, otp } });
  async function freshCode(email: string) {
    await svc.ctx.db.query(
      `UPDATE otp_codes SET sent_at = now() - interval '2 hours', window_started_at = now() - interval '2 hours' WHERE email = $1`,
      [email],
    );
    expect((await send(email)).status).toBe(200);
    return svc.latestCode(email);
  }
  async function mailsTo(email: string): Promise<string[]> {
    return (await outbox(svc.outboxDir)).filter((m) => new RegExp(`^To: ${email}$`, 'm').test(m));
  }

  test('10 wrong codes in a UTC day from one network lock the address there until 00:00 UTC, and its owner gets one mail', async () => {
    const email = 'target@example.com';
    let code = '';
    for (let i = 0; i < 10; i++) {
      // A new code after each 5 wrong tries, as an attacker would ask.
      if (i % 5 === 0) code = await freshCode(email);
      const res = await verify(email, wrong(code));
      expect(res.status).toBe(401);
    }
    const lockMails = (await mailsTo(email)).filter((m) =>
      m.includes('Subject: Network Agent sign-in locked for one network until 00:00 UTC'),
    );
    expect(lockMails).toHaveLength(1);
    expect(lockMails[0]).toContain('10 wrong sign-in codes were entered for it from there today');

    // Locked: the right code of a new code is refused, and no new code is sent.
    const untilMidnight = Math.ceil(
      (Date.UTC(
        new Date().getUTCFullYear(),
        new Date().getUTCMonth(),
        new Date().getUTCDate() + 1,
      ) -
        Date.now()) /
        1000,
    );
    const asked = await send(email);
    expect(asked.status).toBe(429);
    const retry = Number(asked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(untilMidnight + 5);
    expect((await asked.json()).error).toMatch(
      /^Too many wrong codes for this address from this network: signing in with it from here is locked until 00:00 UTC; try again in \d+ seconds$/,
    );
    const refused = await verify(email, code);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Still one mail, however often it is tried.
    await verify(email, wrong(code));
    expect(
      (await mailsTo(email)).filter((m) => m.includes('sign-in locked for one network')),
    ).toHaveLength(1);

    // Other addresses sign in as usual.
    const other = await freshCode('bystander@example.com');
    expect((await verify('bystander@example.com', other)).status).toBe(200);

    // The next UTC day: the lock is over.
    await svc.ctx.db.query(
      `UPDATE rate_counters SET window_ends_at = now() - interval '1 second'
        WHERE scope = 'sign_in_failures:email_client' AND subject LIKE '% ' || $1`,
      [email],
    );
    const next = await freshCode(email);
    expect((await verify(email, next)).status).toBe(200);
  });

  test('housekeeping deletes expired code rows and ended counts, and keeps what is still needed', async () => {
    expect(BACKGROUND_JOBS.find((j) => j.name === 'prune_sign_in_rows')).toBeDefined();
    for (const email of ['old@example.com', 'used@example.com', 'live@example.com'])
      await freshCode(email);
    // Asked two hours ago and never used: spent.
    await svc.ctx.db.query(
      `UPDATE otp_codes SET expires_at = now() - interval '1 hour', sent_at = now() - interval '2 hours',
              window_started_at = now() - interval '2 hours' WHERE email = 'old@example.com'`,
    );
    // Used a minute ago: the code is dead but its hour's resend count still holds.
    await svc.ctx.db.query(
      `UPDATE otp_codes SET expires_at = now() - interval '1 minute' WHERE email = 'used@example.com'`,
    );
    await svc.ctx.db.query(
      `INSERT INTO rate_counters (scope, subject, count, window_ends_at)
       VALUES ('sign_in_codes:client', 'ended', 3, now() - interval '1 minute'),
              ('sign_in_codes:client', 'running', 3, now() + interval '1 hour')`,
    );
    await pruneSignInRows(svc.ctx);
    const codes = await svc.ctx.db.query<{ email: string }>(
      `SELECT email FROM otp_codes WHERE email IN ('old@example.com', 'used@example.com', 'live@example.com') ORDER BY email`,
    );
    expect(codes.map((r) => r.email)).toEqual(['live@example.com', 'used@example.com']);
    const counts = await svc.ctx.db.query<{ subject: string }>(
      `SELECT subject FROM rate_counters WHERE subject IN ('ended', 'running')`,
    );
    expect(counts.map((r) => r.subject)).toEqual(['running']);
  });
});
