/**
 * The content-search pager's request, as the facts give it ("Server-driven screens (SDUI), measured
 * 2026-10"): `POST /flagship-web/rsc-action/actions/pagination?sduiid=<pager id>` with
 * `{pagerId, clientArguments: {$type, requestedStateKeys, payload, requestMetadata, states, screenId,
 * knownTemplateIds}, paginationRequest: {$type, pagerId, trigger, retryCount, requestedArguments}}`,
 * only `payload` varying. A body that is not that shape is refused (400) with the reason.
 */

export const PAGINATION_PATH = '/flagship-web/rsc-action/actions/pagination';
export const CONTENT_PAGER_ID = 'com.linkedin.sdui.search.contentSearchResults';
export const CONTENT_SCREEN_ID = 'com.linkedin.sdui.flagshipnav.search.SearchResultsContent';

/** facts: `datePosted: [] | ["past-24h"] | ["past-week"] | ["past-month"]`. */
export const DATE_POSTED = ['past-24h', 'past-week', 'past-month'] as const;
/** The payload's filter lists besides `sortBy` and `datePosted` (facts); accepted and, like a filter the network does not apply, ignored. */
const OTHER_LISTS = [
  'postedBy',
  'contentType',
  'fromMember',
  'mentionsOrganization',
  'mentionsMember',
  'fromOrganization',
  'authorCompany',
  'authorIndustry',
  'authorJobTitle',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ContentPagerPayload {
  startIndex: number;
  keywords: string;
  count: number;
  sortBy: string[];
  datePosted: (typeof DATE_POSTED)[number] | null;
  searchId: string;
}

type Json = Record<string, any>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The body, parsed, if it is JSON (recorded even when refused). */
export function parseBody(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The payload of a content-search pagination body, or why the body is refused. */
export function readContentPagerBody(
  body: unknown,
  sduiid: string,
): ContentPagerPayload | { error: string } {
  if (!isObject(body)) return { error: 'body must be a JSON object' };
  if (body.pagerId !== sduiid) return { error: 'pagerId must be the sduiid' };
  const args = body.clientArguments;
  if (!isObject(args) || args.$type !== 'proto.sdui.actions.requests.RequestedArguments')
    return { error: 'clientArguments must be RequestedArguments' };
  if (args.screenId !== CONTENT_SCREEN_ID)
    return { error: `clientArguments.screenId must be ${CONTENT_SCREEN_ID}` };
  for (const list of ['requestedStateKeys', 'states', 'knownTemplateIds'])
    if (!Array.isArray(args[list])) return { error: `clientArguments.${list} must be a list` };
  const pagination = body.paginationRequest;
  if (
    !isObject(pagination) ||
    pagination.$type !== 'proto.sdui.actions.requests.PaginationRequest' ||
    pagination.pagerId !== sduiid
  ) {
    return { error: 'paginationRequest must be a PaginationRequest for the same pagerId' };
  }
  const p = args.payload;
  if (!isObject(p)) return { error: 'clientArguments.payload is required' };
  if (typeof p.keywords !== 'string' || !p.keywords.trim())
    return { error: 'payload.keywords is required' };
  if (!Number.isInteger(p.startIndex) || p.startIndex < 0)
    return { error: 'payload.startIndex must be an integer >= 0' };
  if (!Number.isInteger(p.count) || p.count < 1)
    return { error: 'payload.count must be an integer >= 1' };
  if (typeof p.searchId !== 'string' || !UUID.test(p.searchId))
    return { error: 'payload.searchId must be a UUID' };
  if (!isStringList(p.sortBy)) return { error: 'payload.sortBy must be a list' };
  if (
    !isStringList(p.datePosted) ||
    p.datePosted.length > 1 ||
    (p.datePosted[0] !== undefined && !(DATE_POSTED as readonly string[]).includes(p.datePosted[0]))
  ) {
    return {
      error: `payload.datePosted must be [] or one of ${DATE_POSTED.map((d) => `["${d}"]`).join(', ')}`,
    };
  }
  for (const list of OTHER_LISTS)
    if (p[list] !== undefined && !isStringList(p[list]))
      return { error: `payload.${list} must be a list` };
  return {
    startIndex: p.startIndex,
    keywords: p.keywords,
    count: p.count,
    sortBy: p.sortBy,
    datePosted: (p.datePosted[0] as ContentPagerPayload['datePosted']) ?? null,
    searchId: p.searchId,
  };
}
