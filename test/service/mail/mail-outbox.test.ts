import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer } from '../../../src/service/mail/mailer.js';
import { otpEmail } from '../../../src/service/mail/otp-email.js';
import type { Logger } from '../../../src/service/logger.js';

// Either database: mail written to a folder, no database.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'na-outbox-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mail without SMTP_URL: .eml files in the outbox', () => {
  it('writes one RFC 5322 message per mail, readable only by the owner, and logs one line with the path and not the code', async () => {
    const lines: [string, Record<string, unknown> | undefined][] = [];
    const log: Logger = {
      info: (e, f) => lines.push([e, f]),
      warn: (e, f) => lines.push([e, f]),
      error: (e, f) => lines.push([e, f]),
    };
    const outbox = join(dir, 'outbox');
    const mailer = createMailer({ from: 'Agent <agent@example.test>', outboxDir: outbox, log });
    await mailer.send(otpEmail('reader@example.com', '042917'));

    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = join(outbox, files[0]!);
    expect((await stat(file)).mode & 0o077).toBe(0);
    const eml = await readFile(file, 'utf8');
    const [head, ...rest] = eml.split(/\n\n/);
    for (const h of [
      'From: Agent <agent@example.test>',
      'To: reader@example.com',
      'Subject: Your Network Agent sign-in code',
      'MIME-Version: 1.0',
    ]) {
      expect(head).toContain(h);
    }
    expect(head).toMatch(/^Date: /m);
    expect(head).toMatch(/^Message-ID: <.+>$/m);
    const body = rest.join('\n\n');
    expect(body).toContain('042917');
    expect(body).toContain('text/html');
    expect(body).toMatch(/valid for 60 minutes/);

    expect(lines).toHaveLength(1);
    expect(lines[0]![1]).toMatchObject({ to: 'reader@example.com', file });
    expect(JSON.stringify(lines)).not.toContain('042917');
  });
});
