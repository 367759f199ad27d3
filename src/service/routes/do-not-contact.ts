import { Hono, type MiddlewareHandler } from 'hono';
import { uniqueSymbol } from 'hono-openapi';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { callerEmail } from '../auth/caller-email.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import {
  DoNotContactAdded,
  DoNotContactBody,
  DoNotContactDeleteQuery,
  DoNotContactList,
  DoNotContactQuery,
  DoNotContactRemoved,
  type DoNotContactEntry,
} from '../../contract/outreach.js';
import {
  addToList,
  type ListCursor,
  type ListEntry,
  listPage,
  removeFromList,
} from '../outreach/list-store.js';
import { entriesFromCsv, LIST_CSV_COLUMNS } from '../outreach/list-csv.js';
import { CsvHeaderError } from '../csv/read-csv.js';
import { csvResponse } from '../csv/write-csv.js';
import { keysetBatches } from '../csv/keyset-batches.js';
import { registerOutreachHooks } from '../outreach/people-filing.js';

registerOutreachHooks();

const isCsv = (c: { req: { header: (n: string) => string | undefined } }) =>
  /^text\/csv\b/i.test(c.req.header('content-type') ?? '');

/** The JSON body's validation, skipped for a CSV body (documented as the JSON one). */
function unlessCsv<M extends MiddlewareHandler>(json: M): M {
  const skip: MiddlewareHandler = (c, next) => (isCsv(c) ? next() : json(c, next));
  return Object.assign(skip, {
    [uniqueSymbol]: (json as unknown as Record<symbol, unknown>)[uniqueSymbol],
  }) as unknown as M;
}

function cursorOf(e: ListEntry): string {
  return Buffer.from(`${e.cursor_at}|${e.id}`).toString('base64url');
}

function readCursor(after: string | undefined): ListCursor | undefined {
  if (!after) return undefined;
  const [at, id] = Buffer.from(after, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new HttpError(400, "Invalid 'after': not a cursor of this list");
  }
  return { at, id };
}

const view = (e: ListEntry): DoNotContactEntry => ({
  id: e.id,
  kind: e.kind,
  value: e.value,
  reason: e.reason,
  added_by: e.added_by,
  added_at: new Date(e.added_at).toISOString(),
  source_added_by: e.source_added_by,
  source_added_at: e.source_added_at ? new Date(e.source_added_at).toISOString() : null,
});

const AUTH = { 401: '`Missing API Key` or `Invalid API Key`' };

/** The team's do-not-contact list (docs/team-pool.md): add (JSON or CSV), list or export, remove. */
export const doNotContactRoutes = new Hono<AppEnv>()
  .post(
    '/api-do-not-contact',
    describe({
      summary: 'Put people or companies on the team’s do-not-contact list',
      description:
        'People by profile URL, slug or URN; companies by page URL, slug, URN or name (everyone whose current company it is, ' +
        'as the team’s profile reads show it, is then refused too). Nothing is queued for a listed person: an invitation, a ' +
        'message, a comment or an enrollment for them is a 409 naming the list, and `force` never passes it. ' +
        'A `Content-Type: text/csv` body imports: a header row with `value` (and `kind`: person or company) or `profile` and/or ' +
        '`company` columns, and an optional `reason` column; rows that cannot be read are answered in `errors`, one per line, ' +
        'while the others go in. Who added each entry is the member whose agent token rides along, or else the API key, and ' +
        'when is now, for an import too: a file’s `added_by` and `added_at` columns are kept as `source_added_by` and ' +
        '`source_added_at`, what the file said.',
      tag: 'Outreach',
      security: 'apiKey',
      responses: {
        200: {
          description:
            'How many went in; values skipped (already listed, not an identifier) with why',
          schema: DoNotContactAdded,
        },
      },
      errors: { ...AUTH, 400: 'Invalid body, or a CSV without a usable header row' },
    }),
    requireApiKey(),
    unlessCsv(
      validate('json', DoNotContactBody, {
        example: {
          profiles: ['https://www.linkedin.com/in/ada-lovelace/', 'urn:li:fsd_profile:ACoAAGrace'],
          companies: ['https://www.linkedin.com/company/globex/'],
          reason: 'Existing customer',
        },
      }),
    ),
    async (c) => {
      const { db } = c.var.ctx;
      const teamId = c.var.team.id;
      const addedBy = await callerEmail(c);
      if (isCsv(c)) {
        const body = c.req.raw.body;
        if (!body) throw new HttpError(400, 'CSV has no header row');
        const errors: { line: number; reason: string }[] = [];
        try {
          const result = await addToList(db, teamId, entriesFromCsv(body, null, errors), addedBy);
          const answer: DoNotContactAdded = {
            added: result.added,
            skipped: result.skipped,
            errors: [...errors, ...result.errors].sort((a, b) => a.line - b.line),
          };
          return c.json(answer);
        } catch (err) {
          if (err instanceof CsvHeaderError) throw new HttpError(400, err.message);
          throw err;
        }
      }
      const b = c.req.valid('json');
      const reason = b.reason ?? null;
      const entries = [
        ...(b.profiles ?? []).map((value) => ({ kind: 'person' as const, value, reason })),
        ...(b.companies ?? []).map((value) => ({ kind: 'company' as const, value, reason })),
      ];
      const result = await addToList(db, teamId, entries, addedBy);
      const answer: DoNotContactAdded = { added: result.added, skipped: result.skipped };
      return c.json(answer);
    },
  )
  .get(
    '/api-do-not-contact',
    describe({
      summary: 'The team’s do-not-contact list, oldest first',
      description:
        'Pages of `limit` (default 100); `next` is the `after` of the following page. `q` keeps entries whose value, reason or ' +
        'adder contains it. `format=csv` exports every matching entry (columns kind, value, reason, added_by, added_at, ' +
        'source_added_by, source_added_at), ' +
        'streamed; a POST of that file imports it back.',
      tag: 'Outreach',
      security: 'apiKey',
      responses: {
        200: {
          description: 'A page of the list',
          schema: DoNotContactList,
          csv: 'kind, value, reason, added_by, added_at, source_added_by, source_added_at',
        },
      },
      errors: { ...AUTH, 400: 'Invalid `q`, `after`, `limit` or `format`' },
    }),
    requireApiKey(),
    validate('query', DoNotContactQuery, { example: { q: 'customer', limit: '100' } }),
    async (c) => {
      const { db, log } = c.var.ctx;
      const teamId = c.var.team.id;
      const q = c.req.valid('query');
      const after = readCursor(q.after);
      if (q.format === 'csv') {
        const rows = keysetBatches(
          (cursor: ListCursor | undefined, limit) =>
            listPage(db, teamId, { q: q.q, after: cursor ?? after, limit }),
          (e) => ({ at: e.cursor_at, id: e.id }),
        );
        return csvResponse('do-not-contact.csv', LIST_CSV_COLUMNS, rows, (err) =>
          log.error('csv_export_failed', { what: 'do-not-contact', message: err.message }),
        );
      }
      const page = await listPage(db, teamId, { q: q.q, after, limit: q.limit + 1 });
      const more = page.length > q.limit;
      const data = page.slice(0, q.limit);
      const last = data[data.length - 1];
      const answer: DoNotContactList = {
        data: data.map(view),
        next: more && last ? cursorOf(last) : null,
      };
      return c.json(answer);
    },
  )
  .delete(
    '/api-do-not-contact',
    describe({
      summary: 'Take a person or a company off the do-not-contact list',
      description:
        '`value` as listed, or any form of the same identifier (a profile URL removes the entry added by its slug).',
      tag: 'Outreach',
      security: 'apiKey',
      responses: {
        200: {
          description: 'How many entries were removed',
          schema: DoNotContactRemoved,
        },
      },
      errors: { ...AUTH, 404: '`Not on the do-not-contact list`' },
    }),
    requireApiKey(),
    validate('query', DoNotContactDeleteQuery, {
      example: { value: 'https://www.linkedin.com/in/ada-lovelace/' },
    }),
    async (c) => {
      const removed = await removeFromList(c.var.ctx.db, c.var.team.id, c.req.valid('query').value);
      if (!removed) throw new HttpError(404, 'Not on the do-not-contact list');
      return c.json({ removed });
    },
  );
