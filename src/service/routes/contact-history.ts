import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import { ContactHistory, ContactHistoryQuery, type ContactEvent } from '../../contract/outreach.js';
import { personRefFrom } from '../outreach/person-keys.js';
import { contactHistory, resolvePerson } from '../outreach/contact-history.js';
import { csvResponse, type CsvColumn } from '../csv/write-csv.js';

const COLUMNS: CsvColumn<ContactEvent & { profile_urn: string | null }>[] = [
  { header: 'profile_urn', value: (e) => e.profile_urn },
  { header: 'kind', value: (e) => e.kind },
  { header: 'member_email', value: (e) => e.member_email },
  { header: 'at', value: (e) => e.at },
  { header: 'sequence_id', value: (e) => e.sequence_id },
];

async function* each<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}

/** A person's history with the whole team (docs/team-pool.md). */
export const contactHistoryRoutes = new Hono<AppEnv>().get(
  '/api-contact-history',
  describe({
    summary: 'A person’s history with the team, across its members',
    description:
      'Who invited them and when, which members they are connected to, who messaged them, their replies (one per thread, ' +
      'at the first), and the sequences they were enrolled in (with the sender), oldest first. `profile`: a profile URL, ' +
      'slug or URN. `format=csv` answers the same events as CSV.',
    tag: 'Outreach',
    security: 'apiKey',
    responses: {
      200: {
        description: 'The person’s URN (null when known by slug only) and their events',
        schema: ContactHistory,
        csv: 'profile_urn, kind, member_email, at, sequence_id',
      },
    },
    errors: {
      400: "`Missing or invalid 'profile'`, or `Invalid 'profile': not a profile URL, slug or URN`",
      401: '`Missing API Key` or `Invalid API Key`',
    },
  }),
  requireApiKey(),
  validate('query', ContactHistoryQuery, {
    example: { profile: 'https://www.linkedin.com/in/ada-lovelace/' },
  }),
  async (c) => {
    const { db } = c.var.ctx;
    const teamId = c.var.team.id;
    const q = c.req.valid('query');
    const ref = personRefFrom(q.profile);
    if (!ref) throw new HttpError(400, "Invalid 'profile': not a profile URL, slug or URN");
    const person = await resolvePerson(db, teamId, ref);
    const events = await contactHistory(db, teamId, person);
    const profileUrn = person.profileUrn ?? null;
    if (q.format === 'csv') {
      return csvResponse(
        'contact-history.csv',
        COLUMNS,
        each(events.map((e) => ({ ...e, profile_urn: profileUrn }))),
      );
    }
    const answer: ContactHistory = { profile_urn: profileUrn, events };
    return c.json(answer);
  },
);
