import { NETWORK_MAP_FORMAT } from './constants.js';
import { z } from './zod.js';

/**
 * The network map (format 3): for every kind of call the extension makes to the network, an ordered
 * list of alternatives, each a complete description of one way to make that call and to read its
 * answer. Data only (MV3 forbids remote code): the service can publish a newer map with
 * `npm run ops -- set-network-map` and every extension takes it from its next heartbeat answer, so a
 * retired finder, a moved field or a new body shape is a data change, not a store release.
 * The format is documented in docs/network-map.md.
 */

export { NETWORK_MAP_FORMAT };

/** Every kind of call the operations make. Operations name calls, never paths. */
export const NETWORK_CALLS = [
  'me',
  'profile',
  'profile_relationship',
  'profile_posts',
  'company',
  'company_posts',
  'people_search',
  'content_search',
  'post',
  'connections',
  'like',
  'like_as_page',
  'comment',
  'message',
  'invitation',
  'inbox',
  'thread',
  'mark_read',
  'sent_invitations',
  'withdrawal',
] as const;
export type NetworkCallName = (typeof NETWORK_CALLS)[number];

/**
 * Field groups: for each kind of thing read from the network, where each of its fields may live.
 * The reader in src/network/read/ takes the first path that holds a value.
 */
export const FIELD_GROUPS = [
  'me',
  'profile',
  'position',
  'education',
  'skill',
  'relationship',
  'post',
  'search_item',
  'post_result',
  'person_result',
  'connection',
  'company',
  'written',
  'inbox',
  'invitation',
] as const;
export type FieldGroupName = (typeof FIELD_GROUPS)[number];

/**
 * A path into an answer: keys separated by dots; `[]` after a key flattens a list, `[n]` takes one
 * element; a `*key` reference is followed into `included` by itself; a leading `@Type` starts from
 * the `included` entities whose `$type` ends in `.Type`; a key holding other characters (dots,
 * dashes) is written in double quotes, `*"…"` for its reference. Examples: `data.elements[]`,
 * `data.elements[].items[].itemUnion.entityResult`, `@MemberRelationship`,
 * `data."com.linkedin.voyager.dash.Foo".x`.
 */
const PATH_KEY = '(?:[A-Za-z0-9_*$]+|\\*?"[^"\\\\]+")(?:\\[\\d*\\])?';
export const MapPath = z.string().check(
  z.minLength(1),
  z.maxLength(300),
  z.regex(new RegExp(`^(?:@[A-Za-z][A-Za-z0-9_]*|${PATH_KEY})(?:\\.${PATH_KEY})*$`), {
    error:
      'a map path is keys joined by dots (a key with other characters in double quotes), each optionally followed by [] or [n], or a leading @Type',
  }),
);

/** A value sent to the network: JSON in which `{name}` placeholders are filled from the call's variables. */
export type MapTemplate =
  | string
  | number
  | boolean
  | null
  | MapTemplate[]
  | { [key: string]: MapTemplate };
export const MapTemplate: z.ZodMiniType<MapTemplate> = z.lazy(() =>
  z.union([
    z.string().check(z.maxLength(2000)),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(MapTemplate).check(z.maxLength(50)),
    z.record(z.string().check(z.maxLength(100)), MapTemplate),
  ]),
);

/** A query-string value: a template, or `{restli: template}` sent in Rest.li syntax (`(k:v)`, `List(…)`). */
const MapQueryValue = z.union([
  z.string().check(z.maxLength(2000)),
  z.number(),
  z.boolean(),
  z.strictObject({ restli: MapTemplate }),
]);

const Name = z.string().check(
  z.minLength(1),
  z.maxLength(60),
  z.regex(/^[a-z0-9][a-z0-9._-]*$/, {
    error: 'an id holds lower-case letters, digits and . _ -',
  }),
);
const VariableName = z.string().check(
  z.minLength(1),
  z.maxLength(60),
  z.regex(/^[a-z][a-z0-9_]*$/, {
    error: 'a variable name holds lower-case letters, digits and _',
  }),
);
const HttpStatus = z.number().check(z.int(), z.gte(100), z.lte(999));

const MapRead = z.strictObject({
  /** Where the items of a list answer are (for lists). */
  list: z.optional(z.array(MapPath).check(z.maxLength(10))),
  /** Where the one entity of the answer is (for single reads and write results). */
  one: z.optional(z.array(MapPath).check(z.maxLength(10))),
  /** Where the total of a list is (a ceiling, never trusted as exact). */
  total: z.optional(z.array(MapPath).check(z.maxLength(10))),
  /** Where the next page's token is, for lists paged by token. */
  token: z.optional(z.array(MapPath).check(z.maxLength(10))),
  /**
   * What the readers of a server-driven answer look for, by meaning: component names
   * (`viewTrackingSpecs.viewName`) and state-key prefixes, per role: `{post: ['feed-full-update']}`.
   */
  names: z.optional(z.record(z.string(), z.array(z.string()))),
  /** Per-alternative field paths, over the map's field groups: `{post: {content: ['commentary.text']}}`. */
  fields: z.optional(
    z.record(
      z.enum(FIELD_GROUPS),
      z.record(z.string().check(z.maxLength(60)), z.array(MapPath).check(z.maxLength(10))),
    ),
  ),
});

const MapPaging = z.strictObject({
  /** How the next page is asked for: `start` (offset) or `token` (the answer's token, `start` ignored). */
  by: z.enum(['start', 'token']),
  /** The most items the network gives in one page; more are asked for page by page. */
  max_count: z.number().check(z.int(), z.gte(1), z.lte(1000)),
});

export const MapAlternative = z.strictObject({
  /** Names the alternative in logs, task errors and the heartbeat's network health report. */
  id: Name,
  method: z.enum(['GET', 'POST']),
  /**
   * Absent: the JSON API under `/voyager/api/`. `sdui`: a server-driven screen's action
   * under `/flagship-web/rsc-action/actions/` (`pagination`, `server-request`), answering a
   * component stream read by meaning (`read.names`).
   */
  kind: z.optional(z.literal('sdui')),
  /** Relative to `https://www.linkedin.com/voyager/api/` (`sdui`: to `…/flagship-web/rsc-action/actions/`); `{name}` placeholders are URL-encoded segments. */
  path: z.string().check(
    z.minLength(1),
    z.maxLength(300),
    z.regex(/^[A-Za-z0-9/_.-]*(\{[a-z][a-z0-9_]*\}[A-Za-z0-9/_.-]*)*$/, {
      error: 'a network map path holds only letters, digits, / _ . - and {placeholders}',
    }),
  ),
  /** Query parameters in order; a parameter whose only placeholder has no value is left out. */
  query: z.optional(
    z
      .array(
        z.tuple([
          z.string().check(z.minLength(1), z.maxLength(60), z.regex(/^[A-Za-z0-9_.-]+$/)),
          MapQueryValue,
        ]),
      )
      .check(z.maxLength(30)),
  ),
  /** JSON body template for POST. `{"$if": "name", …}` objects are kept only when `name` has a value. */
  body: z.optional(MapTemplate),
  /** `normalized` (`{data, included}`) or plain `json`. */
  accept: z.optional(z.enum(['normalized', 'json'])),
  /** Variables without which this alternative cannot be made: it is skipped, not failed. */
  requires: z.optional(z.array(VariableName).check(z.maxLength(10))),
  /** Answers that mean "this way no longer works": the next alternative is tried. */
  next_on: z.optional(z.array(HttpStatus).check(z.maxLength(10))),
  read: z.optional(MapRead),
  paging: z.optional(MapPaging),
  /**
   * `<page> <name>`: a GraphQL queryId the web app's own page names (the hash rotates). The page
   * (`/messaging/`) is read once a session and the first `<name>.<32 hex>` in it fills `{query_id}`;
   * none found, the alternative is skipped.
   */
  learn: z.optional(z.string()),
  /** Where the fact comes from, for people: kept in the map so a reader knows why it is there. */
  source: z.optional(z.string().check(z.maxLength(300))),
});
export type MapAlternative = z.infer<typeof MapAlternative>;

const FieldGroup = z.record(
  z.string().check(z.maxLength(60)),
  z.array(MapPath).check(z.maxLength(12)),
);

export const NetworkMap = z.strictObject({
  /** The shape of this document; an extension takes only maps of the format it reads. */
  format: z.literal(NETWORK_MAP_FORMAT),
  /** Grows with every change; the extension keeps the highest it has seen. */
  version: z.number().check(z.int(), z.gte(1)),
  calls: z.strictObject(
    Object.fromEntries(
      NETWORK_CALLS.map((k) => [k, z.array(MapAlternative).check(z.minLength(1), z.maxLength(8))]),
    ) as Record<NetworkCallName, z.ZodMiniArray<typeof MapAlternative>>,
  ),
  fields: z.strictObject(
    Object.fromEntries(FIELD_GROUPS.map((g) => [g, FieldGroup])) as Record<
      FieldGroupName,
      typeof FieldGroup
    >,
  ),
  /** Pause between two pages or items of one task, in ms (random within the range): paced like a person. */
  pacing: z.strictObject({
    between_pages_ms: z.tuple([
      z.number().check(z.int(), z.gte(0), z.lte(60_000)),
      z.number().check(z.int(), z.gte(0), z.lte(60_000)),
    ]),
  }),
});
export type NetworkMap = z.infer<typeof NetworkMap>;
