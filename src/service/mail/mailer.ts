import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger } from '../logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * nodemailer, loaded with the first message: an idle service never needs its 6 MB of heap
 * (bench/idle-rss.ts).
 */
let loaded: Promise<typeof import('nodemailer')> | undefined;
const nodemailer = () => {
  loaded ??= import('nodemailer');
  return loaded.then((m) => m.default);
};

/**
 * SMTP_URL set: real mail through nodemailer. Otherwise each message becomes an RFC 5322 `.eml`
 * file in the outbox folder and one console line says where (readable codes in development).
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    let transport: ReturnType<typeof import('nodemailer').createTransport> | undefined;
    return {
      async send(m) {
        transport ??= (await nodemailer()).createTransport(smtpUrl);
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
      },
    };
  }
  const outbox = resolve(opts.outboxDir);
  let builder: ReturnType<typeof import('nodemailer').createTransport> | undefined;
  return {
    async send(m) {
      builder ??= (await nodemailer()).createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'unix',
      });
      const info = await builder.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
      await mkdir(outbox, { recursive: true });
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The path only: the message (and the code in it) stays in the file.
      opts.log.info('mail_written_to_outbox', { to: m.to, file });
    },
  };
}
