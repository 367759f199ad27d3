import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startTestService, type TestService } from '../../support/test-service.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

let smtp: SMTPServer;
let port: number;
const inbox: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust in the test.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP (SMTP_URL set)', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Agent <agent@example.test>',
    });
  });
  afterAll(async () => {
    await svc.close();
  });

  it('sends the code to the address through the SMTP server, and the code signs in', async () => {
    const res = await svc.call('POST', '/network-agent/auth-send-otp', {
      body: { email: 'smtp-user@example.com', full_name: 'Smtp User' },
    });
    expect(res.status).toBe(200);
    const mail = inbox.find((m) => m.to.includes('smtp-user@example.com'));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('agent@example.test');
    expect(mail!.data).toMatch(/^Subject: Your Network Agent sign-in code$/m);
    expect(mail!.data).toMatch(/^Content-Type: multipart\/alternative/m);
    const body = mail!.data
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n');
    const otp = /\b(\d{6})\b/.exec(body)?.[1];
    expect(otp).toMatch(/^\d{6}$/);
    // Nothing went to the outbox folder.
    await expect(svc.latestCode('smtp-user@example.com')).rejects.toThrow(/no code/);

    const verify = await svc.call('POST', '/network-agent/auth-verify-otp', {
      body: { email: 'smtp-user@example.com', otp },
    });
    expect(verify.status).toBe(200);
    expect((await verify.json()).user).toMatchObject({
      email: 'smtp-user@example.com',
      full_name: 'Smtp User',
    });
  });
});

describe('mail server unreachable', () => {
  let svc: TestService;
  beforeAll(async () => {
    // A port nothing listens on: take one from the OS and release it.
    const probe = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const dead = (probe.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    svc = await startTestService({ SMTP_URL: `smtp://127.0.0.1:${dead}` });
  });
  afterAll(async () => {
    await svc.close();
  });

  it('answers 503 and does not count the failed send against the resend throttle', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await svc.call('POST', '/network-agent/auth-send-otp', {
        body: { email: 'down@example.com' },
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        error: 'The sign-in code could not be sent; try again in a moment',
      });
    }
    const [row] = await svc.ctx.db.query<{ tries_left: number }>(
      'SELECT tries_left FROM otp_codes WHERE email = $1',
      ['down@example.com'],
    );
    expect(row!.tries_left).toBe(0);
  });
});
