import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A mail of the outbox folder (.eml files), decoded as a mail client would show it. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const unfold = (head: string) => head.replace(/\r?\n[ \t]+/g, ' ');
const header = (head: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'mi').exec(unfold(head))?.[1]?.trim() ?? '';

function decode(head: string, body: string): string {
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/**
 * RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as a header with non-ASCII text has
 * them. Adjacent words are one byte string: a character may be split between two.
 */
function decodeWords(value: string): string {
  const word = /=\?utf-8\?([QB])\?([^?]*)\?=/gi;
  const bytes = (kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        );
  return value.replace(/=\?utf-8\?[QB]\?[^?]*\?=(?:\s+=\?utf-8\?[QB]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat([...run.matchAll(word)].map((m) => bytes(m[1]!, m[2]!))).toString('utf8'),
  );
}

const split = (raw: string) => {
  const at = raw.search(/\r?\n\r?\n/);
  return at < 0 ? [raw, ''] : [raw.slice(0, at), raw.slice(at).replace(/^\r?\n\r?\n/, '')];
};

/** Every mail written to the outbox, oldest first. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const mails: OutboxMail[] = [];
  for (const f of files) {
    const [head, body] = split(await readFile(join(dir, f), 'utf8'));
    const mail: OutboxMail = {
      to: header(head!, 'To'),
      subject: decodeWords(header(head!, 'Subject')),
      text: '',
      html: '',
    };
    const boundary = /boundary="?([^";]+)"?/i.exec(header(head!, 'Content-Type'))?.[1];
    const parts = boundary
      ? body!.split(`--${boundary}`).slice(1, -1).map(split)
      : [[head!, body!]];
    for (const [partHead, partBody] of parts) {
      const type = header(partHead!, 'Content-Type').toLowerCase();
      const decoded = decode(partHead!, partBody!.replace(/\r?\n$/, ''));
      if (type.startsWith('text/html')) mail.html = decoded;
      else if (type.startsWith('text/plain')) mail.text = decoded;
    }
    mails.push(mail);
  }
  return mails;
}
