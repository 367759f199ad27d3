import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { createDataset, type FakeDataset, type FakePost, type FakeProfile } from './dataset.js';
import {
  createInboxRoutes,
  type InboxConversation,
  type Reply,
  seedInbox,
  threadIdWith,
} from './inbox.js';
import {
  createRelationshipRoutes,
  findPerson,
  type InvitationStatus,
  SENT_PAGER_ID,
  WITHDRAW_REQUEST_ID,
} from './relationships.js';
import {
  driftAnswerBody,
  driftRequest,
  driftStream,
  FAKE_DRIFTS,
  type FakeDrift,
  isDrift,
} from './drifts.js';
import { withAccount, type FakeAccountOptions } from './member-identity.js';
import { parseRestli, type RestliParsed } from './restli.js';
import { contentSearchStream } from './sdui-content-stream.js';
import {
  CONTENT_PAGER_ID,
  PAGINATION_PATH,
  parseBody,
  readContentPagerBody,
} from './sdui-request.js';
import * as shapes from './shapes.js';
import {
  ALL_FAKE_VOICES,
  driftDecorate,
  isVoice,
  measuredIn2026,
  postTime,
  postUrn,
  SDUI_VOICE,
  type FakeVoice,
} from './voices.js';

export { ALL_FAKE_VOICES, FAKE_VOICES, SDUI_VOICE, type FakeVoice } from './voices.js';
export { FAKE_DRIFTS, type FakeDrift } from './drifts.js';

/**
 * A local HTTPS server that answers as www.linkedin.com does for everything our extension touches:
 * pages that set the session cookies, the `/voyager/api/` endpoints with their real paths, query
 * shapes, csrf check and normalised JSON, and the network's refusal signals, switchable per test.
 * It speaks one of five voices (voices.ts; README.md has the table): `today`, `drifted`, `paged`,
 * `measured_2026`, `sdui_2026` (the server-driven pager: serverDriven below). Every choice below follows docs/network-internal-api.md; where the facts leave a detail
 * open, the comment says which fact was followed.
 * Chromium reaches it with `--host-resolver-rules=MAP www.linkedin.com 127.0.0.1:PORT
 * --ignore-certificate-errors`; Node tests call it with the cookie header of `fake.cookieHeader`.
 */

export const FAKE_MODES = [
  'normal',
  /** API answers 401, pages drop the cookies and send /feed/ to /login. */
  'signed_out',
  /** API calls are redirected (302) to /login (`/uas/login` in measured_2026), as an expired session is. */
  'signed_out_redirect',
  /**
   * API calls are redirected (302) to /checkpoint/lg/login-submit, which answers a sign-in page: the
   * ordinary login flow lives under /checkpoint/ too (facts, "Newer evidence", "Checkpoints").
   */
  'signed_out_login_checkpoint',
  'rate_limited',
  /** `999 Request denied`. */
  'denied',
  /** API calls are redirected to /checkpoint/challenge/ (a security check). */
  'challenge',
  'invitation_limit',
  'not_found',
  /** Every answer waits `delayMs` first. */
  'slow',
  /** Answers lose one required field each, as after a network release that renamed it. */
  'changed_shapes',
] as const;
export type FakeMode = (typeof FAKE_MODES)[number];

export interface FakeState {
  /** `actorUrn`: who acted, the member's `urn:li:fsd_profile:<id>` or a page's `urn:li:fsd_company:<id>`. */
  likes: { threadUrn: string; reactionType: string; actorUrn: string; via: 'rest' | 'graphql' }[];
  comments: { threadUrn: string; text: string; actorUrn: string; commentUrn: string }[];
  invitations: { profileUrn: string; message: string | null; invitationUrn: string }[];
  messages: { recipientUrn: string; mailboxUrn: string; text: string; conversationUrn: string }[];
  /** Invitations withdrawn, by the REST form or the server-driven request. */
  withdrawals: { invitationUrn: string; profileUrn: string; via: 'rest' | 'sdui' }[];
  /** Every API call (refused ones too), to assert on paths, query strings, headers and the status answered. */
  requests: {
    method: string;
    path: string;
    rawQuery: string;
    headers: IncomingMessage['headers'];
    status: number;
  }[];
  /**
   * Every call to a server-driven action (`/flagship-web/…`, refused ones too): `sduiid` from the
   * query, `body` the parsed JSON (null when not JSON), to count a cycle's calls and check its searchId.
   */
  sduiRequests: {
    method: string;
    path: string;
    sduiid: string | null;
    headers: IncomingMessage['headers'];
    body: unknown;
    status: number;
  }[];
  /**
   * Every opening of a search results page (`GET /search/results/<kind>/?keywords=…`): opening it
   * writes the query into the member's search history (facts: `updateSearchHistoryRequest`); the
   * pager does not. A task should never appear here.
   */
  searchHistory: { path: string; rawQuery: string; keywords: string | null }[];
}

export interface FakeNetwork {
  port: number;
  url: string;
  /** PEM of the self-signed certificate (for clients that trust it instead of ignoring errors). */
  cert: string;
  /** What a browser's cookie jar holds after visiting `/feed/` signed in. */
  cookieHeader: string;
  csrfToken: string;
  dataset: FakeDataset;
  state: FakeState;
  mode: () => FakeMode;
  setMode: (mode: FakeMode, options?: { delayMs?: number }) => void;
  voice: () => FakeVoice;
  setVoice: (voice: FakeVoice) => void;
  /** The release the network answers as (drifts.ts): `none`, or one change the map must follow. */
  drift: () => FakeDrift;
  setDrift: (drift: FakeDrift) => void;
  /** Mode, drift, dataset and state back to the start; the voice stays. */
  reset: () => void;
  /** A pending invitee accepts: a first-degree connection made now (`at`), first among RECENTLY_ADDED. */
  accept: (identity: string, at?: number) => void;
  /** A person writes to the member: a message in their conversation (made if none), unread. */
  reply: (identity: string, text: string, at?: number) => string;
  /** The member's conversations (inbox.ts), oldest message first in each. */
  conversations: () => InboxConversation[];
  close: () => Promise<void>;
}

const emptyState = (): FakeState => ({
  likes: [],
  comments: [],
  invitations: [],
  messages: [],
  withdrawals: [],
  requests: [],
  sduiRequests: [],
  searchHistory: [],
});

class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string | string[]> = {},
  ) {}
}
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Answer(status, body, { 'content-type': 'application/json; charset=utf-8', ...headers });
const html = (body: string, status = 200, headers: Record<string, string | string[]> = {}) =>
  new Answer(status, body, { 'content-type': 'text/html; charset=utf-8', ...headers });
const redirect = (location: string, headers: Record<string, string | string[]> = {}) =>
  new Answer(302, '', { location, ...headers });
/** A reply of inbox.ts or relationships.ts: JSON, or a component stream when its body is text. */
const fromReply = (r: Reply) =>
  typeof r.body === 'string'
    ? new Answer(r.status, r.body, {
        'content-type': r.status === 200 ? 'text/x-component' : 'text/plain; charset=utf-8',
      })
    : json(r.body, r.status);
const apiError = (status: number, code?: string, message?: string) =>
  json(shapes.errorBody(status, code, message), status);
const noRoute = (method: string, route: string) =>
  apiError(404, undefined, `No route ${method} ${route}`);

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}
const SIGN_IN_PAGE = page(
  'LinkedIn Login, Sign in | LinkedIn',
  '<h1>Sign in</h1><form method="post" action="/checkpoint/lg/login-submit"><input name="session_key"><input name="session_password" type="password"></form>',
);

const REACTION_TYPES = ['LIKE', 'PRAISE', 'APPRECIATION', 'EMPATHY', 'INTEREST', 'ENTERTAINMENT'];

/**
 * Page sizes per voice. Feeds: `tokenOnly` pages by `paginationToken` alone and ignores `start`
 * (paged; measured_2026 for a profile's posts, facts "Newer evidence": "pages by
 * metadata.paginationToken and ignores start"). Search: today "At most 49 a page"; measured_2026
 * `count=<≤50>`; paged 2. Connections: today's example asks 40 (we cap there); paged 10.
 */
const LIMITS: Record<
  FakeVoice,
  { feed: number; feedTokenOnly: boolean; search: number; connections: number; invitations: number }
> = {
  today: { feed: 100, feedTokenOnly: false, search: 49, connections: 40, invitations: 100 },
  drifted: { feed: 100, feedTokenOnly: false, search: 49, connections: 40, invitations: 100 },
  paged: { feed: 2, feedTokenOnly: true, search: 2, connections: 10, invitations: 2 },
  measured_2026: { feed: 100, feedTokenOnly: true, search: 50, connections: 40, invitations: 100 },
  sdui_2026: { feed: 100, feedTokenOnly: true, search: 50, connections: 40, invitations: 100 },
};

/**
 * A search `paging.total` that is a ceiling, not a count (facts, "Newer evidence": "`paging.total` is
 * a ceiling, not a count"): paged answers the real number + 40; measured_2026 a round number above it.
 * The network's collections stop at 1,000 (facts, "Normalised JSON").
 */
function searchTotal(voice: FakeVoice, real: number): number {
  if (voice === 'paged') return real + 40;
  if (measuredIn2026(voice)) return Math.min(1000, (Math.floor(real / 10) + 5) * 10);
  return real;
}

export async function startFakeNetwork(
  options: {
    port?: number;
    host?: string;
    voice?: FakeVoice;
    drift?: FakeDrift;
  } & FakeAccountOptions = {},
): Promise<FakeNetwork> {
  const pems = await generate([{ name: 'commonName', value: 'www.linkedin.com' }], {
    keySize: 2048,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'www.linkedin.com' },
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  } as Parameters<typeof generate>[1]);
  if (options.voice !== undefined && !isVoice(options.voice))
    throw new Error(`voice must be one of ${ALL_FAKE_VOICES.join(', ')}`);
  let voice: FakeVoice = options.voice ?? 'today';
  /** The voice's dataset: sdui_2026 has four more DuckDB posts (dataset.ts). */
  const datasetFor = (v: FakeVoice) =>
    withAccount(createDataset(Date.now(), { sduiPosts: v === SDUI_VOICE }), options);
  let dataset = datasetFor(voice);
  let mode: FakeMode = 'normal';
  if (options.drift !== undefined && !isDrift(options.drift))
    throw new Error(`drift must be one of ${FAKE_DRIFTS.join(', ')}`);
  let drift: FakeDrift = options.drift ?? 'none';
  let delayMs = 0;
  const state = emptyState();
  /** When each invitation was sent (kept beside `state` so state entries keep their shape). */
  let invitationTimes = new Map<string, number>();
  let invitationStatus = new Map<string, InvitationStatus>();
  let conversations = seedInbox(dataset, Date.now());
  const liAt = `AQEDAR${randomBytes(24).toString('base64url')}`;
  const csrfToken = `ajax:${randomInt(1e9, 9e9)}${randomInt(1e9, 9e9)}`;
  const cookieHeader = `li_at=${liAt}; JSESSIONID="${csrfToken}"`;

  const sessionCookies = [
    `li_at=${liAt}; Path=/; Secure; HttpOnly; SameSite=None`,
    `JSESSIONID="${csrfToken}"; Path=/; Secure; SameSite=None`,
  ];
  const clearedCookies = [
    'li_at=; Path=/; Max-Age=0; Secure; HttpOnly',
    'JSESSIONID=; Path=/; Max-Age=0; Secure',
  ];
  const selfUrn = () => `urn:li:fsd_profile:${dataset.self.id}`;
  const loginPath = () => (measuredIn2026(voice) ? '/uas/login' : '/login');
  const inbox = createInboxRoutes({
    dataset: () => dataset,
    voice: () => voice,
    conversations: () => conversations,
  });
  const relationships = createRelationshipRoutes({
    dataset: () => dataset,
    voice: () => voice,
    invitations: () => state.invitations,
    sentAt: (urn) => invitationTimes.get(urn) ?? 0,
    get status() {
      return invitationStatus;
    },
    withdrawals: state.withdrawals,
  });

  /** A person writes to the member: appended to their conversation (made if none), which turns unread. */
  function reply(identity: string, text: string, at = Date.now()): string {
    const p = findPerson(dataset, identity);
    if (!p) throw new Error(`no such person: ${identity}`);
    const c = conversationWith(p.id);
    c.messages.push({ from: p.id, text, at, n: nextMessageNumber() });
    c.read = false;
    if (c.category === 'ARCHIVE') c.category = 'PRIMARY_INBOX';
    return inbox.conversationUrn(c);
  }
  function conversationWith(profileId: string): InboxConversation {
    let c = conversations.find((x) => x.withId === profileId);
    if (!c) {
      c = {
        threadId: threadIdWith(profileId),
        withId: profileId,
        category: 'PRIMARY_INBOX',
        read: true,
        messages: [],
      };
      conversations.push(c);
    }
    return c;
  }
  const nextMessageNumber = () =>
    1 + Math.max(0, ...conversations.flatMap((c) => c.messages.map((m) => m.n)));

  function pageAnswer(path: string, rawQuery: string): Answer {
    if (
      path === '/login' ||
      path.startsWith('/login') ||
      path === '/uas/login' ||
      path.startsWith('/uas/login')
    )
      return html(SIGN_IN_PAGE);
    // The ordinary login flow lives under /checkpoint/ too (/checkpoint/lg/…, /checkpoint/rp/…): a
    // sign-in page. Only /checkpoint/challenge/… is a security check (facts, "Newer evidence").
    if (path.startsWith('/checkpoint/lg/') || path.startsWith('/checkpoint/rp/'))
      return html(SIGN_IN_PAGE);
    if (path.startsWith('/checkpoint/'))
      return html(
        page(
          'Security Verification',
          '<h1>Let’s do a quick security check</h1><div id="captcha"></div>',
        ),
      );
    if (path.startsWith('/search/results/')) {
      state.searchHistory.push({
        path,
        rawQuery,
        keywords: parseQuery(rawQuery).get('keywords') ?? null,
      });
      return html(
        page('Search | LinkedIn', '<h1>Search results</h1><div id="search-results"></div>'),
      );
    }
    if (
      path === '/' ||
      path === '/feed' ||
      path === '/feed/' ||
      path.startsWith('/in/') ||
      path.startsWith('/company/') ||
      path.startsWith('/messaging')
    ) {
      if (mode === 'signed_out')
        return path === '/'
          ? html(page('Welcome', '<h1>Welcome to your professional community</h1>'), 200, {
              'set-cookie': clearedCookies,
            })
          : redirect(loginPath(), { 'set-cookie': clearedCookies });
      if (mode === 'signed_out_login_checkpoint') return redirect('/checkpoint/lg/login-submit');
      if (mode === 'challenge') return redirect('/checkpoint/challenge/AgH3', {});
      if (path.startsWith('/messaging'))
        return html(inbox.page(), 200, { 'set-cookie': sessionCookies });
      return html(
        page(
          'Feed',
          `<h1>Feed</h1><p id="me">${dataset.self.firstName} ${dataset.self.lastName}</p>`,
        ),
        200,
        { 'set-cookie': sessionCookies },
      );
    }
    return html(page('Page not found', '<h1>Page not found</h1>'), 404);
  }

  function control(method: string, path: string, body: string): Answer {
    let b: Record<string, unknown>;
    try {
      b = JSON.parse(body || '{}') as Record<string, unknown>;
    } catch {
      return json({ error: 'body is not JSON' }, 400);
    }
    if (method === 'GET' && path === '/__fake/state')
      return json({ mode, voice, drift, state: { ...state, requests: state.requests.length } });
    if (method === 'POST' && path === '/__fake/mode') {
      const m = b.mode as FakeMode | undefined;
      if (!m || !FAKE_MODES.includes(m))
        return json({ error: `mode must be one of ${FAKE_MODES.join(', ')}` }, 400);
      setMode(m, { delayMs: typeof b.delay_ms === 'number' ? b.delay_ms : undefined });
      return json({ mode });
    }
    if (method === 'POST' && path === '/__fake/voice') {
      if (!isVoice(b.voice))
        return json({ error: `voice must be one of ${ALL_FAKE_VOICES.join(', ')}` }, 400);
      setVoice(b.voice);
      return json({ voice });
    }
    if (method === 'POST' && path === '/__fake/drift') {
      if (!isDrift(b.drift))
        return json({ error: `drift must be one of ${FAKE_DRIFTS.join(', ')}` }, 400);
      drift = b.drift;
      return json({ drift });
    }
    if (method === 'POST' && path === '/__fake/reset') {
      reset();
      return json({ mode, voice, drift });
    }
    try {
      if (method === 'POST' && path === '/__fake/accept') {
        relationships.accept(String(b.profile ?? ''), typeof b.at === 'number' ? b.at : undefined);
        return json({ accepted: b.profile });
      }
      if (method === 'POST' && path === '/__fake/reply') {
        if (typeof b.text !== 'string' || !b.text) return json({ error: 'text is required' }, 400);
        return json({
          conversation_urn: reply(
            String(b.profile ?? ''),
            b.text,
            typeof b.at === 'number' ? b.at : undefined,
          ),
        });
      }
    } catch (err) {
      return json({ error: (err as Error).message }, 404);
    }
    return json({ error: 'unknown control call' }, 404);
  }

  // ---- the API --------------------------------------------------------------------------------------

  interface Call {
    method: string;
    route: string;
    rawQuery: string;
    q: URLQuery;
    body: string;
    normalisedAccept: boolean;
    changed: boolean;
  }

  /** What every signed-in call passes first (API and server-driven actions alike): session, csrf, the mode's refusal. */
  function sessionGate(req: IncomingMessage, path: string): Answer | null {
    const cookies = parseCookies(req.headers.cookie ?? '');
    if (cookies.li_at !== liAt || !cookies.JSESSIONID)
      return apiError(401, undefined, 'Unauthorized');
    // csrf check (every voice): the header is the JSESSIONID value without its quotes.
    if (req.headers['csrf-token'] !== cookies.JSESSIONID.replace(/^"|"$/g, ''))
      return html('CSRF check failed.', 403);
    if (mode === 'signed_out') return apiError(401, undefined, 'Unauthorized');
    if (mode === 'signed_out_redirect')
      return redirect(`${loginPath()}?session_redirect=${encodeURIComponent(path)}`);
    if (mode === 'signed_out_login_checkpoint') return redirect('/checkpoint/lg/login-submit');
    if (mode === 'challenge') return redirect('/checkpoint/challenge/AgH3?ut=fake');
    if (mode === 'rate_limited') return apiError(429, undefined, 'Too Many Requests');
    if (mode === 'denied') return html('Request denied', 999);
    return null;
  }

  function api(req: IncomingMessage, path: string, sentQuery: string, body: string): Answer {
    const refused = sessionGate(req, path);
    if (refused) return refused;
    const method = req.method ?? 'GET';
    const sentRoute = path.slice('/voyager/api/'.length);
    if (mode === 'not_found' && sentRoute !== 'me') return apiError(404, undefined, 'Not Found');
    if (req.headers['x-restli-protocol-version'] !== '2.0.0')
      return apiError(400, undefined, 'missing x-restli-protocol-version');
    // A release later (drifts.ts): the old form is refused as the network refuses what it does
    // not know, the new one answered as the old one was.
    const drifted = driftRequest(drift, method, sentRoute, sentQuery);
    if ('refused' in drifted) {
      if (drifted.refused === 'no_route') return noRoute(method, sentRoute);
      const what = { bad_decoration: 'Unknown decorationId', bad_finder: 'bad finder' };
      return apiError(
        400,
        undefined,
        drifted.refused === 'bad_action' ? 'bad action' : what[drifted.refused],
      );
    }
    const { route, rawQuery } = drifted;
    const call: Call = {
      method,
      route,
      rawQuery,
      q: parseQuery(rawQuery),
      body,
      normalisedAccept: String(req.headers.accept ?? '').includes(
        'application/vnd.linkedin.normalized+json+2.1',
      ),
      changed: mode === 'changed_shapes',
    };
    return method === 'GET' ? read(call) : method === 'POST' ? write(call) : noRoute(method, route);
  }

  function read(c: Call): Answer {
    const { route, q, changed } = c;
    const measured = measuredIn2026(voice);
    if (route === 'me') return json(shapes.meAnswer(dataset.self, changed));

    if (route === 'identity/dash/profiles') return profile(c);

    const legacy =
      /^identity\/profiles\/([^/]+)\/(networkinfo|profileView|profileContactInfo)$/.exec(route);
    if (legacy) {
      const [, id, kind] = legacy;
      // The old profileView answers 410 (facts, intro); networkinfo and profileContactInfo are 410 in
      // measured_2026 (facts, "Newer evidence", measured 2026-10). A retired route answers 410 before
      // it looks at the profile, so the private profile's networkinfo is 410 there too.
      if (kind === 'profileView' || measured) return apiError(410, undefined, `${kind} is gone`);
      if (kind === 'profileContactInfo') return noRoute('GET', route); // only known from "Newer evidence"
      const p = findProfile(dataset, decodeURIComponent(id!));
      if (!p) return apiError(404);
      if (p.private) return apiError(403, undefined, 'This profile is not available');
      return json(shapes.networkInfoAnswer(p, changed));
    }

    if (route === 'identity/profileUpdatesV2') {
      if (q.get('q') !== 'memberShareFeed') return apiError(400, undefined, 'bad finder');
      const id = /^urn:li:fsd_profile:(.+)$/.exec(q.get('profileUrn') ?? '')?.[1];
      const p = id ? dataset.profiles.find((x) => x.id === id) : undefined;
      if (!p) return apiError(404);
      if (p.private) return apiError(403, undefined, 'This profile is not available');
      const all = newestFirst(
        dataset.posts.filter((x) => x.author.kind === 'person' && x.author.profileId === p.id),
      );
      const pg = feedPage(
        all,
        q,
        `member:${p.id}`,
        LIMITS[voice].feedTokenOnly,
        LIMITS[voice].feed,
      );
      if (pg instanceof Answer) return pg;
      return json(shapes.updatesAnswer(pg.posts, dataset, pg.start, changed, voice, pg.next));
    }

    if (route === 'organization/companies') {
      if (
        q.get('q') !== 'universalName' ||
        !q
          .get('decorationId')
          ?.startsWith('com.linkedin.voyager.deco.organization.web.WebFullCompanyMain-')
      )
        return apiError(400, undefined, 'bad company query');
      const c2 = dataset.companies.find((x) => x.slug === q.get('universalName')?.toLowerCase());
      return c2 ? json(shapes.companyAnswer(c2, changed, voice)) : apiError(404);
    }

    if (route === 'feed/updates') {
      if (q.get('q') === 'activityByUrn') return updateByUrn(q.get('activityUrn') ?? '', c);
      if (q.get('q') !== 'companyFeedByUniversalName')
        return apiError(400, undefined, 'bad finder');
      // facts, "Newer evidence": companyFeedByUniversalName answered 400 (measured 2026-10).
      if (measured)
        return apiError(400, undefined, 'Finder companyFeedByUniversalName is not supported');
      return companyPosts(q.get('companyUniversalName') ?? '', c, LIMITS[voice].feedTokenOnly);
    }
    const single = /^feed\/updates\/([^/]+)$/.exec(route);
    if (single) {
      // One update by URN: only known from "Newer evidence" (2026-08).
      if (!measured) return noRoute('GET', route);
      return updateByUrn(decodeURIComponent(single[1]!), c);
    }
    if (route === 'feed/updatesV2') {
      if (!measured) return noRoute('GET', route);
      return apiError(400, undefined, `Finder ${q.get('q') ?? ''} is not supported`);
    }
    if (route === 'organization/updatesV2') {
      if (!measured) return noRoute('GET', route);
      if (
        q.get('q') !== 'companyRelevanceFeed' ||
        q.get('moduleKey') !== 'ORGANIZATION_MEMBER_FEED_DESKTOP'
      )
        return apiError(400, undefined, 'bad finder');
      // Pages by start/count as the facts' URL shows; a next-page token is given (and honoured) too.
      return companyPosts(q.get('companyIdOrUniversalName') ?? '', c, false);
    }

    if (route === 'graphql') return graphqlRead(c);
    if (route === 'voyagerMessagingGraphQL/graphql')
      return fromReply(inbox.read(c.rawQuery, c.normalisedAccept));
    if (route === 'search/dash/clusters') {
      if (!measured) return noRoute('GET', route);
      return restSearch(c);
    }

    if (route === 'relationships/dash/connections') {
      if (
        q.get('q') !== 'search' ||
        !q
          .get('decorationId')
          ?.startsWith('com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-')
      )
        return apiError(400, undefined, 'bad connections query');
      const { start, count } = paging(q, LIMITS[voice].connections);
      const all = dataset.profiles
        .filter((p) => p.distance === 'DISTANCE_1')
        .sort((a, b) => (b.connectedAt ?? 0) - (a.connectedAt ?? 0));
      return json(
        shapes.connectionsAnswer(
          all.slice(start, start + count),
          start,
          all.length,
          changed,
          voice,
        ),
      );
    }
    if (route === 'relationships/sentInvitationViewsV2') {
      // sdui_2026 follows the 2026-08 source that found no REST form of the sent list working (it
      // read the invitation manager's screen, relationships.ts); measured_2026 the 2026-10 one.
      if (voice === SDUI_VOICE) return noRoute('GET', route);
      if (q.get('q') !== 'invitationType' || q.get('invitationType') !== 'CONNECTION')
        return apiError(400, undefined, 'bad finder');
      const { start, count } = paging(q, LIMITS[voice].invitations);
      // Pending ones only, newest first; measured_2026's total reads 0 (relationships.ts).
      const sent = relationships.sentViews();
      return json(
        shapes.sentInvitationsAnswer(
          sent.slice(start, start + count),
          start,
          changed,
          relationships.sentTotal(),
        ),
      );
    }
    return noRoute('GET', route);
  }

  function profile(c: Call): Answer {
    const { q, changed } = c;
    const decoration = q.get('decorationId') ?? '';
    if (q.get('q') !== 'memberIdentity') return apiError(400, undefined, 'bad finder');
    const full =
      /^com\.linkedin\.voyager\.dash\.deco\.identity\.profile\.FullProfileWithEntities-\d+$/.test(
        decoration,
      );
    // Top-card decorations: facts, "Newer evidence" only.
    const topCard =
      /^com\.linkedin\.voyager\.dash\.deco\.identity\.profile\.(WebTopCardCore|TopCardSupplementary)-\d+$/.test(
        decoration,
      );
    if (!full && !(topCard && measuredIn2026(voice)))
      return apiError(400, undefined, `Unknown decorationId ${decoration}`);
    const p = findProfile(dataset, q.get('memberIdentity') ?? '');
    if (!p) return apiError(404);
    if (p.private) return apiError(403, undefined, 'This profile is not available');
    if (full) return json(shapes.profileAnswer(p, changed, voice));
    const pending = state.invitations.find(
      (i) => i.profileUrn === `urn:li:fsd_profile:${p.id}` && relationships.isPending(i),
    );
    return json(
      shapes.topCardAnswer(
        p,
        pending
          ? {
              invitation: {
                urn: pending.invitationUrn,
                message: pending.message,
                sentTime: invitationTimes.get(pending.invitationUrn) ?? Date.now(),
              },
            }
          : {},
        changed,
      ),
    );
  }

  function companyPosts(identity: string, c: Call, tokenOnly: boolean): Answer {
    const id = identity.toLowerCase();
    const company = dataset.companies.find((x) => x.slug === id || String(x.id) === id);
    if (!company) return apiError(404);
    const all = newestFirst(
      dataset.posts.filter((x) => x.author.kind === 'company' && x.author.companyId === company.id),
    );
    const pg = feedPage(all, c.q, `company:${company.id}`, tokenOnly, LIMITS[voice].feed);
    if (pg instanceof Answer) return pg;
    return json(shapes.updatesAnswer(pg.posts, dataset, pg.start, c.changed, voice, pg.next));
  }

  function updateByUrn(urn: string, c: Call): Answer {
    const post = findPost(dataset, urn);
    if (!post) return apiError(404, undefined, 'This post cannot be displayed');
    if (authorIsPrivate(post)) return apiError(403, undefined, 'This post cannot be displayed');
    if (c.route === 'feed/updates') {
      // The older form: a finder, so a collection of one.
      if (!c.q.get('decorationId')?.startsWith('com.linkedin.voyager.deco.feed.FeedUpdate-'))
        return apiError(400, undefined, 'bad decoration');
      return json(shapes.updatesAnswer([post], dataset, 0, c.changed, voice, null));
    }
    return json(shapes.singleUpdateAnswer(post, dataset, c.changed, voice));
  }

  /** A feed page: by `paginationToken` when given (or when the voice ignores `start`), else by `start`. */
  function feedPage(
    all: FakePost[],
    q: URLQuery,
    feed: string,
    tokenOnly: boolean,
    max: number,
  ): Answer | { posts: FakePost[]; start: number; next: string | null } {
    const { start: askedStart, count } = paging(q, max);
    const token = q.get('paginationToken');
    let start = tokenOnly ? 0 : askedStart;
    if (token) {
      const at = readToken(token, feed);
      if (at === null) return apiError(400, undefined, 'Invalid paginationToken');
      start = at;
    }
    const posts = all.slice(start, start + count);
    const end = start + posts.length;
    return { posts, start, next: end < all.length ? makeToken(feed, end) : null };
  }

  // ---- search -----------------------------------------------------------------------------------------

  interface SearchRequest {
    resultType: string;
    keywords: string;
    params: Map<string, string[]>;
    start: number;
    count: number;
  }

  const asList = (v: RestliParsed | undefined): string[] =>
    v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)];
  /** A numeric id from `1035`, `urn:li:fsd_company:1035`, `urn:li:geo:90009496`… */
  const numericId = (v: string) => /(\d+)\)?$/.exec(v)?.[1];

  function peopleMatches(s: SearchRequest): FakeProfile[] {
    const degree: Record<string, string> = {
      DISTANCE_1: 'F',
      DISTANCE_2: 'S',
      DISTANCE_3: 'O',
      OUT_OF_NETWORK: 'O',
    };
    const words = s.keywords.toLowerCase().split(/\s+/).filter(Boolean);
    const network = s.params.get('network');
    const companies = s.params.get('currentCompany')?.map(numericId);
    const geos = s.params.get('geoUrn')?.map(numericId);
    // Other filter keys (title, company, …) are ignored silently: facts, "Newer evidence": "Free-text
    // title/company filter keys are unverified; a filter the network ignores silently returns
    // unfiltered results".
    return dataset.profiles.filter((p) => {
      if (p.distance === 'SELF' || p.private) return false;
      const text = `${p.firstName} ${p.lastName} ${p.headline} ${p.location} ${p.positions
        .filter((x) => !x.end)
        .map((x) => x.companyName)
        .join(' ')}`.toLowerCase();
      if (!words.every((w) => text.includes(w))) return false;
      if (network?.length && !network.includes(degree[p.distance] ?? '')) return false;
      if (
        companies?.length &&
        !p.positions.some(
          (x) => !x.end && x.companyId !== undefined && companies.includes(String(x.companyId)),
        )
      )
        return false;
      if (geos?.length && !geos.includes(String(p.geoId))) return false;
      return true;
    });
  }

  function contentMatches(s: SearchRequest): FakePost[] {
    const words = s.keywords.toLowerCase().split(/\s+/).filter(Boolean);
    const windows: Record<string, number> = {
      'past-24h': 24 * 3600_000,
      'past-week': 7 * 24 * 3600_000,
      'past-month': 30 * 24 * 3600_000,
    };
    const window = windows[s.params.get('datePosted')?.[0] ?? ''];
    const matches = dataset.posts.filter((p) => {
      if (authorIsPrivate(p)) return false;
      const text = p.text.toLowerCase();
      if (!words.every((w) => text.includes(w))) return false;
      if (window && postTime(p) < Date.now() - window) return false;
      return true;
    });
    // sortBy date_posted: newest first (facts, "keyword post search"); otherwise "relevance", which
    // we render as most-engaged first.
    if (s.params.get('sortBy')?.[0] === 'date_posted') return newestFirst(matches);
    return [...matches].sort((a, b) => b.likes + b.comments - (a.likes + a.comments));
  }

  function graphqlRead(c: Call): Answer {
    const queryId = c.q.get('queryId') ?? '';
    const [name, hash] = queryId.split('.');
    if (!hash) return apiError(400, undefined, `Unknown queryId ${queryId}`);
    if (name === 'voyagerSearchDashClusters') {
      // facts, "Newer evidence": "A stale queryId answers 400 mentioning the query id"; the page no
      // longer issues this call, so no hash is current in measured_2026.
      if (measuredIn2026(voice))
        return apiError(
          400,
          undefined,
          `Invalid queryId: ${queryId} is not a registered persisted query`,
        );
      return graphqlSearch(c);
    }
    if (name === 'voyagerFeedDashProfileUpdates') return graphqlProfileUpdates(c);
    if (name === 'voyagerSearchDashReusableTypeahead' && measuredIn2026(voice)) return typeahead(c);
    return apiError(400, undefined, `Unknown queryId ${queryId}`);
  }

  function parseVariables(c: Call): Record<string, RestliParsed> | Answer {
    let variables: RestliParsed;
    try {
      variables = parseRestli(c.q.raw('variables') ?? '');
    } catch (err) {
      return apiError(400, undefined, (err as Error).message);
    }
    if (typeof variables !== 'object' || Array.isArray(variables))
      return apiError(400, undefined, 'variables must be a tuple');
    return variables;
  }

  function graphqlSearch(c: Call): Answer {
    const variables = parseVariables(c);
    if (variables instanceof Answer) return variables;
    const query = variables.query as Record<string, RestliParsed> | undefined;
    if (
      !query ||
      typeof query !== 'object' ||
      Array.isArray(query) ||
      query.flagshipSearchIntent !== 'SEARCH_SRP'
    )
      return apiError(400, undefined, 'bad search query');
    const params = new Map<string, string[]>();
    const qp = query.queryParameters ?? [];
    if (!Array.isArray(qp))
      return apiError(400, undefined, 'queryParameters must be a List of (key,value)');
    for (const p of qp as Record<string, RestliParsed>[])
      params.set(String(p.key), asList(p.value));
    const s: SearchRequest = {
      resultType: params.get('resultType')?.[0] ?? '',
      keywords: typeof query.keywords === 'string' ? query.keywords : '',
      params,
      start: Math.max(0, Number(variables.start ?? 0) || 0),
      count: Math.min(Math.max(1, Number(variables.count ?? 10) || 10), LIMITS[voice].search),
    };
    const drifted = voice === 'drifted';
    const pastEnd = voice === 'paged';
    if (s.resultType === 'PEOPLE') {
      const matches = peopleMatches(s);
      const items = matches
        .slice(s.start, s.start + s.count)
        .map((p) => ({ entityResult: shapes.personResult(p, voice) }));
      // drifted: the "other" shape — references where today is inline, inline where today has references.
      const shape: shapes.SearchShape = drifted
        ? { refs: !c.normalisedAccept, leadingEmpty: 'noItems' }
        : { noClusterWhenEmpty: pastEnd };
      return json(
        shapes.searchAnswer(
          items,
          s.start,
          searchTotal(voice, matches.length),
          c.normalisedAccept,
          c.changed,
          shape,
        ),
      );
    }
    if (s.resultType === 'CONTENT') {
      const matches = contentMatches(s);
      const page = matches.slice(s.start, s.start + s.count);
      // drifted: entity results instead of full updates (facts, "Newer evidence": "some carry
      // entityResult items with summary.text and trackingUrn").
      const items = drifted
        ? page.map((p) => ({ entityResult: shapes.contentResult(p, dataset, voice) }))
        : page.map((p) => ({ searchFeedUpdate: { update: shapes.feedUpdate(p, dataset, voice) } }));
      const shape: shapes.SearchShape = drifted
        ? { leadingEmpty: 'emptyItems' }
        : { noClusterWhenEmpty: pastEnd };
      return json(
        shapes.searchAnswer(
          items,
          s.start,
          searchTotal(voice, matches.length),
          c.normalisedAccept,
          c.changed,
          shape,
        ),
      );
    }
    return apiError(400, undefined, 'unknown resultType');
  }

  function restSearch(c: Call): Answer {
    const { q } = c;
    if (
      !q
        .get('decorationId')
        ?.startsWith('com.linkedin.voyager.dash.deco.search.SearchClusterCollection-')
    )
      return apiError(400, undefined, 'bad decorationId');
    if (q.get('q') !== 'all') return apiError(400, undefined, 'bad finder');
    let query: RestliParsed;
    try {
      // The raw value: a tuple whose syntax arrives percent-encoded is a scalar string here, refused below.
      query = parseRestli(q.raw('query') ?? '');
    } catch (err) {
      return apiError(400, undefined, (err as Error).message);
    }
    if (
      typeof query !== 'object' ||
      Array.isArray(query) ||
      query.flagshipSearchIntent !== 'SEARCH_SRP'
    )
      return apiError(400, undefined, 'bad search query');
    const qp = query.queryParameters ?? {};
    if (typeof qp !== 'object' || Array.isArray(qp))
      return apiError(400, undefined, 'queryParameters must be a tuple (key:List(…),…)');
    const params = new Map<string, string[]>(Object.entries(qp).map(([k, v]) => [k, asList(v)]));
    const { start, count } = paging(q, LIMITS[voice].search);
    const s: SearchRequest = {
      resultType: params.get('resultType')?.[0] ?? '',
      keywords: typeof query.keywords === 'string' ? query.keywords : '',
      params,
      start,
      count,
    };
    if (s.resultType === 'PEOPLE') {
      const matches = peopleMatches(s);
      const items = matches
        .slice(start, start + count)
        .map((p) => ({ entityResult: shapes.personResult(p, voice) }));
      return json(
        shapes.restClustersAnswer(items, start, searchTotal(voice, matches.length), c.changed),
      );
    }
    if (s.resultType === 'CONTENT') {
      const matches = contentMatches(s);
      // sdui_2026 (facts, "Keyword post search", measured 2026-10): each result a SearchUpdateWrapper
      // with only a tracking id, a fresh opaque one per answer; no post URN anywhere.
      if (voice === SDUI_VOICE) {
        const items = matches
          .slice(start, start + count)
          .map(() => ({ wrapper: { trackingId: randomBytes(16).toString('base64') } }));
        return json(
          shapes.restClustersAnswer(items, start, searchTotal(voice, matches.length), c.changed),
        );
      }
      // Hollow (facts, "Newer evidence", measured 2026-10): even positions an entity holding only
      // entityUrn + trackingUrn, odd positions a bare *entityResult URN with nothing in included.
      const items = matches.slice(start, start + count).map((p, i) => {
        const urn = postUrn(p, dataset, voice);
        return {
          hollow: {
            entityUrn: `urn:li:fsd_entityResultViewModel:(${urn},SEARCH_SRP,DEFAULT)`,
            trackingUrn: urn,
            withEntity: (start + i) % 2 === 0,
          },
        };
      });
      return json(
        shapes.restClustersAnswer(items, start, searchTotal(voice, matches.length), c.changed),
      );
    }
    return apiError(400, undefined, 'unknown resultType');
  }

  /**
   * measured_2026: GEO typeahead (facts, "Newer evidence": "Location filters by geoUrn, found with a
   * typeahead (voyagerSearchDashReusableTypeahead, type GEO)"). Shape our choice:
   * `data.searchDashReusableTypeaheadByType.elements[]` `{title.text, trackingUrn: urn:li:geo:<id>,
   * target.*geo: urn:li:fsd_geo:<id>}` (one level deeper with the normalised accept).
   */
  function typeahead(c: Call): Answer {
    const variables = parseVariables(c);
    if (variables instanceof Answer) return variables;
    if (variables.type !== 'GEO') return apiError(400, undefined, 'unsupported typeahead type');
    const words = String(variables.keywords ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean);
    const seen = new Map<number, string>();
    for (const p of dataset.profiles) if (!seen.has(p.geoId)) seen.set(p.geoId, p.location);
    const elements = [...seen]
      .filter(([, name]) => words.every((w) => name.toLowerCase().includes(w)))
      .map(([id, name]) => ({
        $type: 'com.linkedin.voyager.dash.search.typeahead.TypeaheadViewModel',
        title: { text: name },
        trackingUrn: `urn:li:geo:${id}`,
        target: { '*geo': `urn:li:fsd_geo:${id}` },
      }));
    const body = {
      searchDashReusableTypeaheadByType: {
        $type: 'com.linkedin.restli.common.CollectionResponse',
        elements,
        paging: { start: 0, count: elements.length },
      },
    };
    return json(c.normalisedAccept ? { data: { data: body }, included: [] } : { data: body });
  }

  function graphqlProfileUpdates(c: Call): Answer {
    const variables = parseVariables(c);
    if (variables instanceof Answer) return variables;
    const id = /^urn:li:fsd_profile:(.+)$/.exec(String(variables.profileUrn ?? ''))?.[1];
    const p = id ? dataset.profiles.find((x) => x.id === id) : undefined;
    if (!p) return apiError(404);
    if (p.private) return apiError(403, undefined, 'This profile is not available');
    const all = newestFirst(
      dataset.posts.filter((x) => x.author.kind === 'person' && x.author.profileId === p.id),
    );
    const count = Math.min(
      Math.max(1, Number(variables.count ?? 20) || 20),
      voice === 'paged' ? 2 : 100,
    );
    let start = Math.max(0, Number(variables.start ?? 0) || 0);
    if (typeof variables.paginationToken === 'string' && variables.paginationToken) {
      const at = readToken(variables.paginationToken, `member:${p.id}`);
      if (at === null) return apiError(400, undefined, 'Invalid paginationToken');
      start = at;
    }
    const posts = all.slice(start, start + count);
    const next =
      start + posts.length < all.length ? makeToken(`member:${p.id}`, start + posts.length) : null;
    return json(
      shapes.graphqlProfileUpdatesAnswer(
        posts,
        dataset,
        start,
        next,
        c.normalisedAccept,
        c.changed,
        voice,
      ),
    );
  }

  // ---- writes -------------------------------------------------------------------------------------------

  /** The page a body names as actor: a dataset company's `urn:li:fsd_company:<id>`, else refused. */
  function companyActor(urn: unknown): string | Answer {
    const id = /^urn:li:fsd_company:(\d+)$/.exec(String(urn))?.[1];
    if (!id || !dataset.companies.some((x) => String(x.id) === id))
      return apiError(403, undefined, `Not authorized to act as ${String(urn)}`);
    return `urn:li:fsd_company:${id}`;
  }

  function write(c: Call): Answer {
    const { route, q } = c;
    let body: Record<string, any>;
    try {
      body = JSON.parse(c.body || 'null');
    } catch {
      return apiError(400, undefined, 'body is not JSON');
    }
    if (!body || typeof body !== 'object') return apiError(400, undefined, 'body required');

    if (route === 'voyagerSocialDashReactions') {
      // REST reaction: always the member. No public source knows a query parameter for acting as a
      // page (facts, "Newer evidence", "Like"), so unknown parameters such as actorCompanyUrn are
      // ignored, as the network would — in every voice.
      const threadUrn = q.get('threadUrn') ?? '';
      const post = findPost(dataset, threadUrn);
      if (!post) return apiError(404, undefined, 'Unknown thread');
      if (authorIsPrivate(post)) return apiError(403);
      if (!REACTION_TYPES.includes(body.reactionType))
        return apiError(400, undefined, 'bad reactionType');
      state.likes.push({
        threadUrn,
        reactionType: body.reactionType,
        actorUrn: selfUrn(),
        via: 'rest',
      });
      // 201 (facts, "Like"); measured_2026: empty body and the id in X-RestLi-Id ("Newer evidence").
      return measuredIn2026(voice)
        ? new Answer(201, '', {
            'x-restli-id': `urn:li:fsd_reaction:(${selfUrn()},${threadUrn},0)`,
          })
        : new Answer(201, '');
    }

    if (route === 'graphql') {
      const queryId = q.get('queryId') ?? '';
      const [name, hash] = queryId.split('.');
      if (q.get('action') !== 'execute') return apiError(400, undefined, 'bad action');
      // The reaction mutation is known only from "Newer evidence": elsewhere an unknown queryId.
      if (name !== 'voyagerSocialDashReactions' || !hash || !measuredIn2026(voice))
        return apiError(400, undefined, `Unknown queryId ${queryId}`);
      if (body.queryId !== undefined && body.queryId !== queryId)
        return apiError(400, undefined, 'queryId mismatch');
      return graphqlReaction(body, c.normalisedAccept);
    }

    if (route === 'voyagerSocialDashNormComments') {
      if (!q.get('decorationId')?.startsWith('com.linkedin.voyager.dash.deco.social.NormComment-'))
        return apiError(400, undefined, 'bad decoration');
      const threadUrn = String(body.threadUrn ?? '');
      const text = body.commentary?.text;
      if (
        typeof text !== 'string' ||
        body.commentary?.$type !== 'com.linkedin.voyager.dash.common.text.TextViewModel'
      )
        return apiError(400, undefined, 'bad commentary');
      const post = findPost(dataset, threadUrn);
      if (!post) return apiError(404);
      if (authorIsPrivate(post)) return apiError(403);
      // A page acts through the body (facts, "Newer evidence": "nonMemberActorUrn … on comments (some
      // sources: organizationActorUrn)"); query parameters other than decorationId are ignored.
      let actorUrn = selfUrn();
      const named = body.nonMemberActorUrn ?? body.organizationActorUrn;
      if (named !== undefined && named !== null) {
        const actor = companyActor(named);
        if (actor instanceof Answer) return actor;
        actorUrn = actor;
      }
      const commentUrn = `urn:li:fsd_comment:(${7_000_000 + state.comments.length},${threadUrn})`;
      // The network keeps at most about 1,250 characters of a comment.
      state.comments.push({ threadUrn, text: text.slice(0, 1250), actorUrn, commentUrn });
      return json(
        {
          data: {
            $type: 'com.linkedin.voyager.dash.social.Comment',
            entityUrn: commentUrn,
            threadUrn,
            commenter: { actorUrn },
          },
          included: [],
        },
        201,
      );
    }

    if (route === 'voyagerRelationshipsDashMemberRelationships') return invite(c, body);
    if (route === 'voyagerMessagingDashMessengerConversations')
      return fromReply(inbox.markRead(c.rawQuery, body));
    const withdrawn = relationships.withdrawRest(route, q.get('action'), body);
    if (withdrawn) return fromReply(withdrawn);
    if (route === 'voyagerMessagingDashMessengerMessages') return message(c, body);
    return noRoute('POST', route);
  }

  /**
   * measured_2026: `POST graphql?action=execute&queryId=voyagerSocialDashReactions.<hash>` with
   * `{variables: {entity: {reactionType, actorUrn?}, threadUrn}, queryId}` (facts, "Newer evidence",
   * "Like"). Acts as `entity.actorUrn` when given (a dataset page, else 403). Answer (our choice):
   * `createSocialDashReactions: {resourceKey, *entity}` with the Reaction in `included` (normalised,
   * one level deeper) or `entity` inline (plain JSON). An unknown thread answers 200 with `errors`
   * (facts: "GraphQL mutations can answer 200 with data.errors").
   */
  function graphqlReaction(body: Record<string, any>, normalisedAccept: boolean): Answer {
    const v = body.variables;
    const threadUrn = v?.threadUrn;
    const reactionType = v?.entity?.reactionType;
    if (typeof threadUrn !== 'string' || !REACTION_TYPES.includes(reactionType))
      return apiError(400, undefined, 'Variable "variables" has an invalid value');
    let actorUrn = selfUrn();
    if (
      v.entity.actorUrn !== undefined &&
      v.entity.actorUrn !== null &&
      v.entity.actorUrn !== selfUrn()
    ) {
      const actor = companyActor(v.entity.actorUrn);
      if (actor instanceof Answer) return actor;
      actorUrn = actor;
    }
    const post = findPost(dataset, threadUrn);
    if (!post || authorIsPrivate(post)) {
      const errors = [
        {
          message: `Thread ${threadUrn} not found`,
          extensions: { status: post ? 403 : 404 },
          path: ['createSocialDashReactions'],
        },
      ];
      return json(
        normalisedAccept
          ? { data: { data: { createSocialDashReactions: null }, errors }, included: [] }
          : { data: { createSocialDashReactions: null }, errors },
      );
    }
    state.likes.push({ threadUrn, reactionType, actorUrn, via: 'graphql' });
    const reactionUrn = `urn:li:fsd_reaction:(${actorUrn},${threadUrn},0)`;
    const reaction = {
      $type: 'com.linkedin.voyager.dash.social.Reaction',
      entityUrn: reactionUrn,
      reactionType,
      threadUrn,
      actorUrn,
    };
    const result = {
      $type: 'com.linkedin.voyager.dash.social.ReactionCreateResponse',
      resourceKey: reactionUrn,
    };
    return json(
      normalisedAccept
        ? {
            data: { data: { createSocialDashReactions: { ...result, '*entity': reactionUrn } } },
            included: [reaction],
          }
        : { data: { createSocialDashReactions: { ...result, entity: reaction } } },
    );
  }

  function invite(c: Call, body: Record<string, any>): Answer {
    const { q } = c;
    if (q.get('action') !== 'verifyQuotaAndCreateV2') return apiError(400, undefined, 'bad action');
    const decoration = q.get('decorationId');
    if (
      decoration !== undefined &&
      !decoration.startsWith(
        'com.linkedin.voyager.dash.deco.relationships.InvitationCreationResultWithInvitee-',
      )
    )
      return apiError(400, undefined, `Unknown decorationId ${decoration}`);
    // Weekly limit: facts, "Limit and refusal signals" lists two codes; drifted answers the other one.
    if (mode === 'invitation_limit')
      return apiError(
        400,
        voice === 'drifted' ? 'MAX_INVITATION_SENT' : 'CANT_INVITE_CONNECTION_LIMIT_REACHED',
      );
    const profileUrn = String(body.invitee?.inviteeUnion?.memberProfile ?? '');
    const p = dataset.profiles.find((x) => `urn:li:fsd_profile:${x.id}` === profileUrn);
    if (!p) return apiError(404);
    if (p.distance === 'SELF') return apiError(400, undefined, 'Cannot invite yourself');
    if (typeof body.customMessage === 'string' && body.customMessage.length > 300)
      return apiError(400, 'CUSTOM_MESSAGE_TOO_LONG');
    if (p.distance === 'DISTANCE_1') {
      // No public source shows a code for "already connected" (facts, "Newer evidence"); measured
      // 2026 answers an invalid invitation state with 406. Before that: a 400 without a code.
      return measuredIn2026(voice)
        ? apiError(406, undefined, 'Invalid invitation state')
        : apiError(400, undefined, 'Invitee is already a connection');
    }
    if (state.invitations.some((i) => i.profileUrn === profileUrn))
      return apiError(400, 'CANT_RESEND_YET');
    const invitationUrn = `urn:li:fsd_invitation:${7_100_000_000 + state.invitations.length}`;
    state.invitations.push({
      profileUrn,
      message: typeof body.customMessage === 'string' ? body.customMessage : null,
      invitationUrn,
    });
    invitationTimes.set(invitationUrn, Date.now());
    return json({
      data: {
        value: {
          $type: 'com.linkedin.voyager.dash.relationships.InvitationCreationResult',
          invitationUrn,
          '*invitee': profileUrn,
        },
      },
      included: [],
    });
  }

  function message(c: Call, body: Record<string, any>): Answer {
    if (c.q.get('action') !== 'createMessage') return apiError(400, undefined, 'bad action');
    const measured = measuredIn2026(voice);
    if (body.mailboxUrn !== selfUrn()) return apiError(403, 'MAILBOX_MISMATCH');
    const text = body.message?.body?.text;
    if (typeof text !== 'string' || !body.message?.originToken)
      return apiError(400, undefined, 'bad message');
    // Where the recipient goes: inside `message` (facts, "Message"); at the top level beside
    // mailboxUrn in measured_2026 ("Newer evidence"). An existing conversation may be named instead.
    const recipients = measured ? body.hostRecipientUrns : body.message?.hostRecipientUrns;
    const conversation = measured
      ? (body.conversationUrn ?? body.message?.conversationUrn)
      : body.message?.conversationUrn;
    let recipientUrn: string;
    // A reply names an existing conversation of the inbox; it needs no first degree (the thread exists).
    let reply = false;
    if (Array.isArray(recipients) && typeof recipients[0] === 'string')
      recipientUrn = recipients[0];
    else if (typeof conversation === 'string') {
      const known = inbox.find(conversation);
      if (!known) return apiError(404, undefined, 'Unknown conversation');
      recipientUrn = `urn:li:fsd_profile:${known.withId}`;
      reply = true;
    } else
      return apiError(
        400,
        undefined,
        measured ? 'hostRecipientUrns is required' : 'message.hostRecipientUrns is required',
      );
    const p = dataset.profiles.find((x) => `urn:li:fsd_profile:${x.id}` === recipientUrn);
    if (!p) return apiError(404);
    if (!reply && p.distance !== 'DISTANCE_1')
      return measured
        ? apiError(422, undefined, 'Unprocessable Entity')
        : apiError(400, 'RECIPIENT_NOT_FIRST_DEGREE');
    const thread = conversationWith(p.id);
    const deliveredAt = Date.now();
    const n = nextMessageNumber();
    thread.messages.push({ from: dataset.self.id, text, at: deliveredAt, n });
    thread.read = true;
    const conversationUrn = inbox.conversationUrn(thread);
    state.messages.push({ recipientUrn, mailboxUrn: body.mailboxUrn, text, conversationUrn });
    return json({
      data: {
        value: {
          $type: 'com.linkedin.messenger.Message',
          deliveredAt,
          conversationUrn,
          entityUrn: `urn:li:msg_message:(${selfUrn()},2-m${n})`,
        },
      },
      included: [],
    });
  }

  const authorIsPrivate = (post: FakePost) =>
    post.author.kind === 'person' &&
    !!dataset.profiles.find((x) => x.id === (post.author as { profileId: string }).profileId)
      ?.private;

  // ---- server-driven screens (sdui_2026) ---------------------------------------------------------------

  /**
   * `POST /flagship-web/rsc-action/actions/pagination?sduiid=com.linkedin.sdui.search.contentSearchResults`
   * (facts, "Server-driven screens (SDUI), measured 2026-10"), sdui_2026 only, past serverDriven's
   * session and csrf checks: 400 for a body not in the facts' shape, then a component stream
   * (sdui-content-stream.ts) of the posts at `startIndex`, at most 10 (the count the facts measured
   * honoured); past the end, none. Sort (facts silent): newest first when `sortBy` holds
   * `date_posted`, else the REST search's "relevance" (most engaged first).
   */
  function contentPager(sduiid: string, body: unknown): Answer {
    const payload = readContentPagerBody(body, sduiid);
    if ('error' in payload) return json({ status: 400, message: payload.error }, 400);
    const params = new Map<string, string[]>([
      ['sortBy', payload.sortBy.includes('date_posted') ? ['date_posted'] : []],
    ]);
    if (payload.datePosted) params.set('datePosted', [payload.datePosted]);
    const matches = contentMatches({
      resultType: 'CONTENT',
      keywords: payload.keywords,
      params,
      start: payload.startIndex,
      count: payload.count,
    });
    const posts = matches.slice(
      payload.startIndex,
      payload.startIndex + Math.min(payload.count, 10),
    );
    const stream = contentSearchStream(
      {
        posts,
        startIndex: payload.startIndex,
        keywords: payload.keywords,
        last: payload.startIndex + posts.length >= matches.length,
        changed: mode === 'changed_shapes',
      },
      dataset,
    );
    return new Answer(200, stream, { 'content-type': 'text/x-component' });
  }

  // ---- the HTTP server ------------------------------------------------------------------------------

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = req.url ?? '/';
    const qAt = raw.indexOf('?');
    const path = qAt < 0 ? raw : raw.slice(0, qAt);
    const rawQuery = qAt < 0 ? '' : raw.slice(qAt + 1);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    let answer: Answer;
    if (path.startsWith('/__fake/')) answer = control(req.method ?? 'GET', path, body);
    else {
      if (mode === 'slow' && delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      if (path.startsWith('/voyager/api/') || path.startsWith('/flagship-web/rsc-action/')) {
        const entry = {
          method: req.method ?? 'GET',
          path,
          rawQuery,
          headers: req.headers,
          status: 0,
        };
        state.requests.push(entry);
        try {
          answer = path.startsWith('/voyager/api/')
            ? api(req, path, rawQuery, body)
            : serverDriven(req, path, rawQuery, body);
        } catch (err) {
          answer = new Answer(500, String((err as Error)?.stack ?? err), {
            'content-type': 'text/plain',
          });
        }
        const success = answer.status >= 200 && answer.status < 300;
        if (success && drift !== 'none') {
          if (answer.body && typeof answer.body === 'object')
            answer = new Answer(
              answer.status,
              driftAnswerBody(drift, structuredClone(answer.body)),
              answer.headers,
            );
          else if (typeof answer.body === 'string')
            answer = new Answer(answer.status, driftStream(drift, answer.body), answer.headers);
        }
        if (voice === 'drifted' && success && answer.body && typeof answer.body === 'object') {
          answer = new Answer(
            answer.status,
            driftDecorate(structuredClone(answer.body)),
            answer.headers,
          );
        }
        entry.status = answer.status;
        if (path.startsWith('/flagship-web/')) {
          state.sduiRequests.push({
            method: entry.method,
            path,
            sduiid: parseQuery(rawQuery).get('sduiid') ?? null,
            headers: req.headers,
            body: parseBody(body),
            status: answer.status,
          });
        }
      } else answer = pageAnswer(path, rawQuery);
    }
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, answer.headers);
    res.end(text);
  }

  /**
   * The server-driven actions (`/flagship-web/rsc-action/actions/…`): POST from the signed-in page
   * with the csrf-token header (403 without it), the same refusals as the API in each mode.
   */
  function serverDriven(
    req: IncomingMessage,
    path: string,
    rawQuery: string,
    body: string,
  ): Answer {
    const cookies = parseCookies(req.headers.cookie ?? '');
    if (
      cookies.li_at !== liAt ||
      !cookies.JSESSIONID ||
      mode === 'signed_out' ||
      mode === 'signed_out_redirect'
    )
      return redirect(`${loginPath()}?session_redirect=${encodeURIComponent(path)}`);
    if (req.headers['csrf-token'] !== cookies.JSESSIONID.replace(/^"|"$/g, ''))
      return html('CSRF check failed.', 403);
    if (mode === 'signed_out_login_checkpoint') return redirect('/checkpoint/lg/login-submit');
    if (mode === 'not_found') return new Answer(404, 'Not Found', { 'content-type': 'text/plain' });
    if (mode === 'challenge') return redirect('/checkpoint/challenge/AgH3?ut=fake');
    if (mode === 'rate_limited')
      return new Answer(429, 'Too Many Requests', { 'content-type': 'text/plain' });
    if (mode === 'denied') return html('Request denied', 999);
    if (req.method !== 'POST')
      return new Answer(405, 'Method Not Allowed', { 'content-type': 'text/plain' });
    const sduiid = parseQuery(rawQuery).get('sduiid');
    let parsed: Record<string, any>;
    try {
      parsed = JSON.parse(body || 'null');
    } catch {
      return new Answer(400, 'body is not JSON', { 'content-type': 'text/plain' });
    }
    if (!parsed || typeof parsed !== 'object')
      return new Answer(400, 'body required', { 'content-type': 'text/plain' });
    if (
      path === '/flagship-web/rsc-action/actions/server-request' &&
      sduiid === WITHDRAW_REQUEST_ID
    )
      return fromReply(relationships.withdrawServerDriven(parsed));
    if (path === PAGINATION_PATH && voice === SDUI_VOICE) {
      if (sduiid === SENT_PAGER_ID) return fromReply(relationships.sentScreen(parsed));
      return sduiid === CONTENT_PAGER_ID
        ? contentPager(sduiid, parsed)
        : json({ status: 404, message: `Unknown sduiid ${sduiid ?? ''}` }, 404);
    }
    return html(page('Page not found', '<h1>Page not found</h1>'), 404);
  }

  function setMode(next: FakeMode, opts: { delayMs?: number } = {}) {
    mode = next;
    delayMs = next === 'slow' ? (opts.delayMs ?? 3000) : 0;
  }
  function setVoice(next: FakeVoice) {
    if (!isVoice(next)) throw new Error(`voice must be one of ${ALL_FAKE_VOICES.join(', ')}`);
    // Into or out of sdui_2026 the dataset changes (its four extra posts); state stays.
    if ((next === SDUI_VOICE) !== (voice === SDUI_VOICE)) dataset = datasetFor(next);
    voice = next;
  }
  function reset() {
    setMode('normal');
    drift = 'none';
    dataset = datasetFor(voice);
    invitationTimes = new Map();
    invitationStatus = new Map();
    conversations = seedInbox(dataset, Date.now());
    // Emptied in place: relationships.ts holds the withdrawals list itself.
    const withdrawals = state.withdrawals;
    Object.assign(state, emptyState(), { withdrawals });
    withdrawals.length = 0;
  }

  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err?.stack ?? err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `https://127.0.0.1:${port}`,
    cert: pems.cert,
    cookieHeader,
    csrfToken,
    get dataset() {
      return dataset;
    },
    state,
    mode: () => mode,
    setMode,
    voice: () => voice,
    setVoice,
    drift: () => drift,
    setDrift: (next) => {
      if (!isDrift(next)) throw new Error(`drift must be one of ${FAKE_DRIFTS.join(', ')}`);
      drift = next;
    },
    reset,
    accept: (identity, at) => {
      relationships.accept(identity, at);
    },
    reply,
    conversations: () => conversations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

interface URLQuery {
  get(key: string): string | undefined;
  raw(key: string): string | undefined;
}
function parseQuery(rawQuery: string): URLQuery {
  const pairs = rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const eq = p.indexOf('=');
      return eq < 0 ? [p, ''] : [p.slice(0, eq), p.slice(eq + 1)];
    }) as [string, string][];
  return {
    get: (key) => {
      const v = pairs.find(([k]) => decodeURIComponent(k) === key)?.[1];
      return v === undefined ? undefined : decodeURIComponent(v.replace(/\+/g, ' '));
    },
    raw: (key) => pairs.find(([k]) => decodeURIComponent(k) === key)?.[1],
  };
}

function paging(q: URLQuery, max: number) {
  const start = Math.max(0, Number(q.get('start') ?? 0) || 0);
  const count = Math.min(max, Math.max(1, Number(q.get('count') ?? 10) || 10));
  return { start, count };
}

/** A profile by slug (any case), `ACoAA…` profile id or member number. */
function findProfile(ds: FakeDataset, identity: string): FakeProfile | undefined {
  const member = /^(?:urn:li:member:)?(\d+)$/.exec(identity)?.[1];
  return ds.profiles.find(
    (p) =>
      p.slug === identity.toLowerCase() ||
      p.id === identity ||
      (member !== undefined && String(p.memberId) === member),
  );
}

function findPost(ds: FakeDataset, urn: string) {
  const id = /^urn:li:(?:activity|ugcPost|share):(\d+)$/.exec(urn)?.[1];
  return id ? ds.posts.find((p) => p.activityId === id) : undefined;
}

function newestFirst<T extends { activityId: string }>(posts: T[]): T[] {
  return [...posts].sort((a, b) => (BigInt(b.activityId) > BigInt(a.activityId) ? 1 : -1));
}

/**
 * An opaque next-page token (facts: feeds are "paged by metadata.paginationToken"): base64url of the
 * feed it belongs to and the offset of the next page. A token of another feed is refused.
 */
function makeToken(feed: string, offset: number): string {
  return Buffer.from(`v1|${feed}|${offset}`).toString('base64url');
}
function readToken(token: string, feed: string): number | null {
  const [v, f, n] = Buffer.from(token, 'base64url').toString('utf8').split('|');
  if (v !== 'v1' || f !== feed || !/^\d+$/.test(n ?? '')) return null;
  return Number(n);
}
