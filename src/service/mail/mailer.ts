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
 * A transport made when the first message needs it: nodemailer (6 MB of heap alone) is loaded
 * then, never by an idle service (bench/idle-rss.ts). Messages sent at once share the one made.
 */
function transportOnFirstUse<T>(make: (mailer: typeof import('nodemailer').default) => T) {
  let made: Promise<T> | undefined;
  return () => {
    made ??= import('nodemailer').then((m) => make(m.default));
    return made;
  };
}

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
    const transport = transportOnFirstUse((mailer) => mailer.createTransport(smtpUrl));
    return {
      async send(m) {
        await (await transport()).sendMail({
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
  const builder = transportOnFirstUse((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(m) {
      const info = await (await builder()).sendMail({
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
