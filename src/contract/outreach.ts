import { z } from './zod.js';

/**
 * The team as one pool (docs/team-pool.md): the do-not-contact list (`/api-do-not-contact`), a
 * person's team history (`/api-contact-history`), and `?format=csv` on the listings that export.
 */

const queryOptions = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === 'unrecognized_keys'
      ? `Unknown query parameter: ${issue.keys.map((k) => `'${k}'`).join(', ')}`
      : undefined,
};

/** `?format=csv`: the listing as a CSV download (every matching row, streamed) instead of JSON. */
export const FormatParam = z.optional(
  z.enum(['json', 'csv'], { error: "Invalid 'format': must be json or csv" }),
);

const MAX_LIST_VALUES = 10_000;
const MAX_LIST_VALUE = 2000;
const MAX_LIST_REASON = 500;

const values = (name: string) =>
  z.optional(
    z
      .array(
        z.string({ error: `Invalid '${name}': must be an array of strings` }).check(
          z.maxLength(MAX_LIST_VALUE, {
            error: `Invalid '${name}': each at most ${MAX_LIST_VALUE} characters`,
          }),
        ),
        { error: `Invalid '${name}': must be an array of strings` },
      )
      .check(
        z.maxLength(MAX_LIST_VALUES, {
          error: `Invalid '${name}': at most ${MAX_LIST_VALUES} a request (send a CSV for more)`,
        }),
      ),
  );

/** `POST /api-do-not-contact` as JSON: people (profile URLs, slugs or URNs) and companies. */
export const DoNotContactBody = z
  .strictObject(
    {
      profiles: values('profiles'),
      companies: values('companies'),
      reason: z.optional(
        z.nullable(
          z.string({ error: "Invalid 'reason': must be a string" }).check(
            z.maxLength(MAX_LIST_REASON, {
              error: `Invalid 'reason': must be ${MAX_LIST_REASON} characters or fewer`,
            }),
          ),
        ),
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map((k) => `'${k}'`).join(', ')}`
          : 'Request body must be a JSON object',
    },
  )
  .check(
    z.refine((b) => (b.profiles?.length ?? 0) + (b.companies?.length ?? 0) > 0, {
      error: "Give at least one value in 'profiles' or 'companies'",
    }),
  );
export type DoNotContactBody = z.infer<typeof DoNotContactBody>;

export const DoNotContactAdded = z.object({
  added: z.number().check(z.int()),
  skipped: z.array(z.object({ value: z.string(), reason: z.string() })),
  /** A CSV import: the rows that could not be read, by line. */
  errors: z.optional(z.array(z.object({ line: z.number().check(z.int()), reason: z.string() }))),
});
export type DoNotContactAdded = z.infer<typeof DoNotContactAdded>;

export const DoNotContactEntry = z.object({
  id: z.string(),
  kind: z.enum(['person', 'company']),
  value: z.string(),
  reason: z.nullable(z.string()),
  /** The member who added it (for an import: who imported it), or null for the team's API key. */
  added_by: z.nullable(z.string()),
  /** When it was added (for an import: when it was imported). */
  added_at: z.string(),
  /** Who added it as the CSV it was imported from said (its `added_by`), unchecked; else null. */
  source_added_by: z.nullable(z.string()),
  /** When it was added as the CSV it was imported from said (its `added_at`); else null. */
  source_added_at: z.nullable(z.string()),
});
export type DoNotContactEntry = z.infer<typeof DoNotContactEntry>;

export const DoNotContactQuery = z.strictObject(
  {
    q: z.optional(
      z.string().check(z.maxLength(200, { error: "Invalid 'q': must be 200 characters or fewer" })),
    ),
    /** The `next` of the page before. */
    after: z.optional(
      z.string().check(z.maxLength(200, { error: "Invalid 'after': not a cursor of this list" })),
    ),
    limit: z._default(
      z.pipe(
        z.string().check(
          z.regex(/^\d{1,4}$/, {
            error: "Invalid 'limit': must be a whole number from 1 to 1000",
          }),
        ),
        z.pipe(
          z.transform(Number),
          z
            .number()
            .check(
              z.gte(1, { error: "Invalid 'limit': must be a whole number from 1 to 1000" }),
              z.lte(1000, { error: "Invalid 'limit': must be a whole number from 1 to 1000" }),
            ),
        ),
      ),
      100,
    ),
    format: FormatParam,
  },
  queryOptions,
);
export type DoNotContactQuery = z.infer<typeof DoNotContactQuery>;

export const DoNotContactList = z.object({
  data: z.array(DoNotContactEntry),
  /** Pass as `after` for the next page; null on the last. */
  next: z.nullable(z.string()),
});
export type DoNotContactList = z.infer<typeof DoNotContactList>;

export const DoNotContactDeleteQuery = z.strictObject(
  {
    value: z.string({ error: "Missing or invalid 'value'" }).check(
      z.trim(),
      z.minLength(1, { error: "Missing or invalid 'value'" }),
      z.maxLength(MAX_LIST_VALUE, {
        error: `Invalid 'value': must be ${MAX_LIST_VALUE} characters or fewer`,
      }),
    ),
  },
  queryOptions,
);

export const DoNotContactRemoved = z.object({ removed: z.number().check(z.int()) });

const CONTACT_EVENT_KINDS = ['invited', 'messaged', 'connected', 'replied', 'enrolled'] as const;

export const ContactHistoryQuery = z.strictObject(
  {
    profile: z.string({ error: "Missing or invalid 'profile'" }).check(
      z.trim(),
      z.minLength(1, { error: "Missing or invalid 'profile'" }),
      z.maxLength(MAX_LIST_VALUE, {
        error: `Invalid 'profile': must be ${MAX_LIST_VALUE} characters or fewer`,
      }),
    ),
    format: FormatParam,
  },
  queryOptions,
);

export const ContactEvent = z.object({
  kind: z.enum(CONTACT_EVENT_KINDS),
  /** The member: who invited, messaged, was connected, was replied to, or sends the sequence. */
  member_email: z.nullable(z.string()),
  at: z.string(),
  sequence_id: z.optional(z.string()),
});
export type ContactEvent = z.infer<typeof ContactEvent>;

export const ContactHistory = z.object({
  /** Null when the service knows the person by slug only (no profile read yet). */
  profile_urn: z.nullable(z.string()),
  events: z.array(ContactEvent),
});
export type ContactHistory = z.infer<typeof ContactHistory>;
