import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn } from '../../support/sign-in.js';

let svc: TestService;
beforeAll(async () => {
  // This file asks some 25 codes and enters some 20 wrong ones, all from one client (in-process
  // calls): the limits per client address (sign-in-abuse.test.ts) are opened up here.
  svc = await startTestService({
    SIGNIN_CODES_PER_CLIENT_HOUR: '1000',
    SIGNIN_FAILURES_PER_CLIENT_HOUR: '1000',
  });
});
afterAll(async () => {
  await svc.close();
});

const send = (body: unknown) => svc.call('POST', '/network-agent/auth-send-otp', { body });
const verify = (body: unknown) => svc.call('POST', '/network-agent/auth-verify-otp', { body });

/** Lets the next code go out at once (tests move time by back-dating, never by sleeping). */
async function clearThrottle(email: string) {
  await svc.ctx.db.query(
    `UPDATE otp_codes SET sent_at = now() - interval '2 hours', window_started_at = now() - interval '2 hours' WHERE email = $1`,
    [email],
  );
}

async function codeFor(email: string): Promise<string> {
  await clearThrottle(email);
  const res = await send({ email });
  expect(res.status).toBe(200);
  return svc.latestCode(email);
}

function wrong(code: string) {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

async function expect401(res: Response) {
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ error: 'Invalid or expired OTP' });
}

describe('auth-send-otp', () => {
  it('mails a 6-digit code and answers the same for known and unknown addresses', async () => {
    await signIn(svc, 'known@example.com', 'Known');
    await clearThrottle('known@example.com');
    const known = await send({ email: 'known@example.com', full_name: 'Known' });
    const unknown = await send({ email: 'unknown@example.com', full_name: 'Known' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const a = await known.json();
    expect(a).toEqual(await unknown.json());
    expect(a).toMatchObject({ success: true });
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    expect(await svc.latestCode('known@example.com')).toMatch(/^\d{6}$/);
    expect(await svc.latestCode('unknown@example.com')).toMatch(/^\d{6}$/);
  });

  it('stores only a hash of the code, never the code', async () => {
    const code = await codeFor('hash@example.com');
    const rows = await svc.ctx.db.query<Record<string, unknown>>(
      'SELECT * FROM otp_codes WHERE email = $1',
      ['hash@example.com'],
    );
    expect(rows).toHaveLength(1);
    const dump = JSON.stringify(rows[0], (_k, v) =>
      v && v.type === 'Buffer' ? Buffer.from(v.data).toString('hex') : v,
    );
    const asText = await svc.ctx.db.query<{ t: string }>(
      'SELECT otp_codes::text AS t FROM otp_codes WHERE email = $1',
      ['hash@example.com'],
    );
    for (const s of [
      dump,
      asText[0]!.t,
      Buffer.from(rows[0]!.code_hash as Uint8Array).toString('latin1'),
    ]) {
      expect(s).not.toContain(code);
    }
    // Not even an unkeyed hash that one could reverse by trying a million codes.
    const hex = Buffer.from(rows[0]!.code_hash as Uint8Array).toString('hex');
    expect(hex).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(hex).toHaveLength(64);
  });

  it('throttles resends per address: one per 30 s (429 + Retry-After), then at most 5 per hour', async () => {
    const email = 'throttle@example.com';
    expect((await send({ email })).status).toBe(200);
    let res = await send({ email });
    expect(res.status).toBe(429);
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(30);
    expect((await res.json()).error).toMatch(
      /^Too many codes requested for this address; try again in \d+ seconds$/,
    );
    // Other addresses are not affected.
    expect((await send({ email: 'throttle-other@example.com' })).status).toBe(200);

    for (let sent = 2; sent <= 5; sent++) {
      await svc.ctx.db.query(
        `UPDATE otp_codes SET sent_at = now() - interval '31 seconds' WHERE email = $1`,
        [email],
      );
      expect((await send({ email })).status).toBe(200);
    }
    await svc.ctx.db.query(
      `UPDATE otp_codes SET sent_at = now() - interval '31 seconds' WHERE email = $1`,
      [email],
    );
    res = await send({ email });
    expect(res.status).toBe(429);
    const hourRetry = Number(res.headers.get('retry-after'));
    expect(hourRetry).toBeGreaterThan(30);
    expect(hourRetry).toBeLessThanOrEqual(3600);
    // The hour passes: a code may go again.
    await svc.ctx.db.query(
      `UPDATE otp_codes SET window_started_at = now() - interval '61 minutes' WHERE email = $1`,
      [email],
    );
    expect((await send({ email })).status).toBe(200);
  });

  it('refuses bad bodies with 400', async () => {
    const cases: [unknown, string][] = [
      [{}, "Missing or invalid 'email'"],
      [{ email: 5 }, "Missing or invalid 'email'"],
      [{ email: 'nope' }, "Missing or invalid 'email'"],
      [{ email: 'a@example.com', full_name: 7 }, "Invalid 'full_name': must be a string"],
      [{ email: 'a@example.com', name: 'x' }, "Unknown field: 'name'"],
      [
        { email: 'a@example.com', full_name: 'Ada\u0000' },
        "Invalid 'full_name': contains a character that cannot be stored",
      ],
      [
        { email: 'a@example.com', full_name: 'Ada\r\nBcc: x@example.com' },
        "Invalid 'full_name': must not contain control characters",
      ],
      [
        { email: 'a\u0000@example.com' },
        "Invalid 'email': contains a character that cannot be stored",
      ],
      ['{"email":', 'Malformed JSON body'],
      ['"a@example.com"', 'Request body must be a JSON object'],
    ];
    for (const [body, error] of cases) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    const huge = await send(
      JSON.stringify({ email: 'a@example.com', full_name: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(huge.status).toBe(413);
  });
});

describe('auth-verify-otp: the error table', () => {
  it("400 Missing or invalid 'email'", async () => {
    for (const body of [
      { otp: '123456' },
      { email: 12, otp: '123456' },
      { email: null, otp: '123456' },
      { email: 'x', otp: '123456' },
    ]) {
      const res = await verify(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Missing or invalid 'email'" });
    }
  });

  it("400 Missing or invalid 'otp'", async () => {
    for (const body of [
      { email: 'a@example.com' },
      { email: 'a@example.com', otp: 123456 },
      { email: 'a@example.com', otp: '' },
      { email: 'a@example.com', otp: ['1'] },
    ]) {
      const res = await verify(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Missing or invalid 'otp'" });
    }
  });

  it('other bad bodies are 4xx, never 500', async () => {
    for (const [body, status] of [
      [{ email: 'a@example.com', otp: '12\u00003456' }, 400],
      ['{not json', 400],
      ['null', 400],
      [{ email: 'a@example.com', otp: '123456', full_name: 'x' }, 400],
      [JSON.stringify({ email: 'a@example.com', otp: '1'.repeat(2 * 1024 * 1024) }), 413],
    ] as const) {
      const res = await verify(body);
      expect(res.status).toBe(status);
      expect(typeof (await res.json()).error).toBe('string');
    }
  });

  it('401 for a wrong code, and for an address that never asked for one', async () => {
    const code = await codeFor('wrong@example.com');
    await expect401(await verify({ email: 'wrong@example.com', otp: wrong(code) }));
    await expect401(await verify({ email: 'wrong@example.com', otp: 'abcdef' }));
    await expect401(await verify({ email: 'never-asked@example.com', otp: '123456' }));
    // The right code still works after two wrong tries.
    expect((await verify({ email: 'wrong@example.com', otp: code })).status).toBe(200);
  });

  it('401 for an expired code (expires_at back-dated past the hour)', async () => {
    const code = await codeFor('expired@example.com');
    const [row] = await svc.ctx.db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - sent_at) / 60)::int AS minutes FROM otp_codes WHERE email = $1`,
      ['expired@example.com'],
    );
    expect(row!.minutes).toBe(60);
    await svc.ctx.db.query(
      `UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE email = $1`,
      ['expired@example.com'],
    );
    await expect401(await verify({ email: 'expired@example.com', otp: code }));
    const fresh = await codeFor('expired@example.com');
    expect((await verify({ email: 'expired@example.com', otp: fresh })).status).toBe(200);
  });

  it('401 when a code is used twice', async () => {
    const code = await codeFor('twice@example.com');
    expect((await verify({ email: 'twice@example.com', otp: code })).status).toBe(200);
    await expect401(await verify({ email: 'twice@example.com', otp: code }));
  });

  it('a code is void after 5 wrong tries, even for the right code', async () => {
    const code = await codeFor('tries@example.com');
    for (let i = 0; i < 5; i++)
      await expect401(await verify({ email: 'tries@example.com', otp: wrong(code) }));
    await expect401(await verify({ email: 'tries@example.com', otp: code }));
    const fresh = await codeFor('tries@example.com');
    expect((await verify({ email: 'tries@example.com', otp: fresh })).status).toBe(200);
  });

  it('four wrong tries leave the code usable', async () => {
    const code = await codeFor('four@example.com');
    for (let i = 0; i < 4; i++)
      await expect401(await verify({ email: 'four@example.com', otp: wrong(code) }));
    expect((await verify({ email: 'four@example.com', otp: code })).status).toBe(200);
  });

  it('a newer code replaces the old one', async () => {
    const old = await codeFor('replace@example.com');
    let fresh = await codeFor('replace@example.com');
    // Two codes in a row may coincide (1 in a million); ask once more if so.
    if (fresh === old) fresh = await codeFor('replace@example.com');
    await expect401(await verify({ email: 'replace@example.com', otp: old }));
    expect((await verify({ email: 'replace@example.com', otp: fresh })).status).toBe(200);
  });

  it('e-mail case and surrounding spaces do not matter', async () => {
    const code = await codeFor('case@example.com');
    const res = await verify({ email: '  CASE@Example.COM ', otp: ` ${code} ` });
    expect(res.status).toBe(200);
    expect((await res.json()).user.email).toBe('case@example.com');
  });

  it('a name given at send-otp becomes the new user name', async () => {
    const res = await send({ email: 'named@example.com', full_name: '  Named Person ' });
    expect(res.status).toBe(200);
    const otp = await svc.latestCode('named@example.com');
    const v = await (await verify({ email: 'named@example.com', otp })).json();
    expect(v.user.full_name).toBe('Named Person');
    expect(v.team.name).toBe("Named Person's team");
  });
});

describe('auth-verify-otp under concurrency', () => {
  it('the same code sent twice at once signs in exactly once', async () => {
    const code = await codeFor('race@example.com');
    const results = await Promise.all(
      [1, 2, 3].map(() => verify({ email: 'race@example.com', otp: code })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    const teams = await svc.ctx.db.query(
      `SELECT m.team_id FROM memberships m WHERE m.email = 'race@example.com'`,
    );
    expect(teams).toHaveLength(1);
  });
});
