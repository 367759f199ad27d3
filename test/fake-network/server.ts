import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { createDataset, type FakeDataset, type FakeProfile } from './dataset.js';
import { parseRestli, type RestliParsed } from './restli.js';
import * as shapes from './shapes.js';

/**
 * A local HTTPS server that answers as www.linkedin.com does for everything our extension touches:
 * pages that set the session cookies, the `/voyager/api/` endpoints with their real paths, query
 * shapes, csrf check and normalised JSON, and the network's refusal signals, switchable per test.
 * Chromium reaches it with `--host-resolver-rules=MAP www.linkedin.com 127.0.0.1:PORT
 * --ignore-certificate-errors`; Node tests call it with the cookie header of `fake.cookieHeader`.
 */

export const FAKE_MODES = [
  'normal',
  /** API answers 401, pages drop the cookies and send /feed/ to /login. */
  'signed_out',
  /** API calls are redirected (302) to /login, as an expired session is on page-like requests. */
  'signed_out_redirect',
  'rate_limited',
  /** `999 Request denied`. */
  'denied',
  /** API calls are redirected to /checkpoint/challenge/. */
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
  likes: { threadUrn: string; reactionType: string; actorCompanyUrn: string | null }[];
  comments: { threadUrn: string; text: string; actorCompanyUrn: string | null; commentUrn: string }[];
  invitations: { profileUrn: string; message: string | null; invitationUrn: string }[];
  messages: { recipientUrn: string; mailboxUrn: string; text: string; conversationUrn: string }[];
  /** Every API call, to assert on paths, query strings and headers. */
  requests: { method: string; path: string; rawQuery: string; headers: IncomingMessage['headers'] }[];
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
  reset: () => void;
  close: () => Promise<void>;
}

const emptyState = (): FakeState => ({ likes: [], comments: [], invitations: [], messages: [], requests: [] });

class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string | string[]> = {},
  ) {}
}
const json = (body: unknown, status = 200) => new Answer(status, body, { 'content-type': 'application/json; charset=utf-8' });
const html = (body: string, status = 200, headers: Record<string, string | string[]> = {}) =>
  new Answer(status, body, { 'content-type': 'text/html; charset=utf-8', ...headers });
const redirect = (location: string, headers: Record<string, string | string[]> = {}) => new Answer(302, '', { location, ...headers });
const apiError = (status: number, code?: string, message?: string) => json(shapes.errorBody(status, code, message), status);

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}

export async function startFakeNetwork(options: { port?: number; host?: string } = {}): Promise<FakeNetwork> {
  const pems = await generate([{ name: 'commonName', value: 'www.linkedin.com' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'www.linkedin.com' }, { type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
  } as Parameters<typeof generate>[1]);
  let dataset = createDataset();
  let mode: FakeMode = 'normal';
  let delayMs = 0;
  const state = emptyState();
  const liAt = `AQEDAR${randomBytes(24).toString('base64url')}`;
  const csrfToken = `ajax:${randomInt(1e9, 9e9)}${randomInt(1e9, 9e9)}`;
  const cookieHeader = `li_at=${liAt}; JSESSIONID="${csrfToken}"`;

  const sessionCookies = [
    `li_at=${liAt}; Path=/; Secure; HttpOnly; SameSite=None`,
    `JSESSIONID="${csrfToken}"; Path=/; Secure; SameSite=None`,
  ];
  const clearedCookies = ['li_at=; Path=/; Max-Age=0; Secure; HttpOnly', 'JSESSIONID=; Path=/; Max-Age=0; Secure'];

  function pageAnswer(path: string): Answer {
    if (path === '/login' || path.startsWith('/login') || path === '/uas/login') {
      return html(page('Sign in', '<h1>Sign in</h1><form><input name="session_key"><input name="session_password" type="password"></form>'));
    }
    if (path.startsWith('/checkpoint/')) return html(page('Security Verification', '<h1>Let’s do a quick security check</h1><div id="captcha"></div>'));
    if (path === '/' || path === '/feed' || path === '/feed/' || path.startsWith('/in/') || path.startsWith('/company/')) {
      if (mode === 'signed_out') return path === '/' ? html(page('Welcome', '<h1>Welcome to your professional community</h1>'), 200, { 'set-cookie': clearedCookies }) : redirect('/login', { 'set-cookie': clearedCookies });
      if (mode === 'challenge') return redirect('/checkpoint/challenge/AgH3', {});
      return html(page('Feed', `<h1>Feed</h1><p id="me">${dataset.self.firstName} ${dataset.self.lastName}</p>`), 200, { 'set-cookie': sessionCookies });
    }
    return html(page('Page not found', '<h1>Page not found</h1>'), 404);
  }

  function control(method: string, path: string, body: string): Answer {
    if (method === 'GET' && path === '/__fake/state') return json({ mode, state: { ...state, requests: state.requests.length } });
    if (method === 'POST' && path === '/__fake/mode') {
      const b = JSON.parse(body || '{}') as { mode?: FakeMode; delay_ms?: number };
      if (!b.mode || !FAKE_MODES.includes(b.mode)) return json({ error: `mode must be one of ${FAKE_MODES.join(', ')}` }, 400);
      setMode(b.mode, { delayMs: b.delay_ms });
      return json({ mode });
    }
    if (method === 'POST' && path === '/__fake/reset') {
      reset();
      return json({ mode });
    }
    return json({ error: 'unknown control call' }, 404);
  }

  function api(req: IncomingMessage, path: string, rawQuery: string, body: string): Answer {
    const cookies = parseCookies(req.headers.cookie ?? '');
    if (cookies.li_at !== liAt || !cookies.JSESSIONID) return apiError(401, undefined, 'Unauthorized');
    // csrf check: the header is the JSESSIONID value without its quotes.
    if (req.headers['csrf-token'] !== cookies.JSESSIONID.replace(/^"|"$/g, '')) return html('CSRF check failed.', 403);
    if (mode === 'signed_out') return apiError(401, undefined, 'Unauthorized');
    if (mode === 'signed_out_redirect') return redirect(`/login?session_redirect=${encodeURIComponent(path)}`);
    if (mode === 'challenge') return redirect('/checkpoint/challenge/AgH3?ut=fake');
    if (mode === 'rate_limited') return apiError(429, undefined, 'Too Many Requests');
    if (mode === 'denied') return html('Request denied', 999);

    const q = parseQuery(rawQuery);
    const changed = mode === 'changed_shapes';
    const route = path.slice('/voyager/api/'.length);
    const method = req.method ?? 'GET';
    if (mode === 'not_found' && route !== 'me') return apiError(404, undefined, 'Not Found');
    if (req.headers['x-restli-protocol-version'] !== '2.0.0') return apiError(400, undefined, 'missing x-restli-protocol-version');
    const normalisedAccept = String(req.headers.accept ?? '').includes('application/vnd.linkedin.normalized+json+2.1');

    if (method === 'GET' && route === 'me') return json(shapes.meAnswer(dataset.self, changed));

    if (method === 'GET' && route === 'identity/dash/profiles') {
      if (q.get('q') !== 'memberIdentity' || !q.get('decorationId')?.startsWith('com.linkedin.voyager.dash.deco.identity.profile.FullProfileWithEntities-')) return apiError(400, undefined, 'bad profile query');
      const p = findProfile(dataset, q.get('memberIdentity') ?? '');
      return p ? json(shapes.profileAnswer(p, changed)) : apiError(404);
    }
    const networkInfo = /^identity\/profiles\/([^/]+)\/networkinfo$/.exec(route);
    if (method === 'GET' && networkInfo) {
      const p = findProfile(dataset, decodeURIComponent(networkInfo[1]!));
      return p ? json(shapes.networkInfoAnswer(p, changed)) : apiError(404);
    }
    if (method === 'GET' && route === 'identity/profileUpdatesV2') {
      if (q.get('q') !== 'memberShareFeed') return apiError(400, undefined, 'bad finder');
      const id = /^urn:li:fsd_profile:(.+)$/.exec(q.get('profileUrn') ?? '')?.[1];
      const p = id ? dataset.profiles.find((x) => x.id === id) : undefined;
      if (!p) return apiError(404);
      const { start, count } = paging(q, 100);
      const posts = newestFirst(dataset.posts.filter((x) => x.author.kind === 'person' && x.author.profileId === p.id));
      return json(shapes.updatesAnswer(posts.slice(start, start + count), dataset, start, changed));
    }
    if (method === 'GET' && route === 'organization/companies') {
      if (q.get('q') !== 'universalName' || !q.get('decorationId')?.startsWith('com.linkedin.voyager.deco.organization.web.WebFullCompanyMain-')) return apiError(400, undefined, 'bad company query');
      const c = dataset.companies.find((x) => x.slug === q.get('universalName')?.toLowerCase());
      return c ? json(shapes.companyAnswer(c, changed)) : apiError(404);
    }
    if (method === 'GET' && route === 'feed/updates') {
      if (q.get('q') !== 'companyFeedByUniversalName') return apiError(400, undefined, 'bad finder');
      const c = dataset.companies.find((x) => x.slug === q.get('companyUniversalName')?.toLowerCase());
      if (!c) return apiError(404);
      const { start, count } = paging(q, 100);
      const posts = newestFirst(dataset.posts.filter((x) => x.author.kind === 'company' && x.author.companyId === c.id));
      return json(shapes.updatesAnswer(posts.slice(start, start + count), dataset, start, changed));
    }
    if (method === 'GET' && route === 'graphql') return search(q, normalisedAccept, changed);
    if (method === 'GET' && route === 'relationships/dash/connections') {
      if (q.get('q') !== 'search' || !q.get('decorationId')?.startsWith('com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-')) return apiError(400, undefined, 'bad connections query');
      const { start, count } = paging(q, 40);
      const all = dataset.profiles.filter((p) => p.distance === 'DISTANCE_1').sort((a, b) => (b.connectedAt ?? 0) - (a.connectedAt ?? 0));
      return json(shapes.connectionsAnswer(all.slice(start, start + count), start, all.length, changed));
    }

    if (method === 'POST') return write(route, q, body);
    return apiError(404, undefined, `No route ${method} ${route}`);
  }

  function search(q: URLQuery, normalisedAccept: boolean, changed: boolean): Answer {
    if (!q.get('queryId')?.startsWith('voyagerSearchDashClusters.')) return apiError(400, undefined, 'unknown queryId');
    let variables: RestliParsed;
    try {
      variables = parseRestli(q.raw('variables') ?? '');
    } catch (err) {
      return apiError(400, undefined, (err as Error).message);
    }
    if (typeof variables !== 'object' || Array.isArray(variables)) return apiError(400, undefined, 'variables must be a tuple');
    const query = variables.query as Record<string, RestliParsed> | undefined;
    if (!query || query.flagshipSearchIntent !== 'SEARCH_SRP') return apiError(400, undefined, 'bad search query');
    const params = new Map<string, string[]>();
    for (const p of (query.queryParameters as Record<string, RestliParsed>[] | undefined) ?? []) params.set(String(p.key), (p.value as string[]) ?? []);
    const start = Number(variables.start ?? 0);
    const count = Math.min(Number(variables.count ?? 10), 49);
    const keywords = typeof query.keywords === 'string' ? query.keywords.toLowerCase() : '';
    const resultType = params.get('resultType')?.[0];

    if (resultType === 'PEOPLE') {
      const network = params.get('network');
      const degree: Record<string, string> = { DISTANCE_1: 'F', DISTANCE_2: 'S', DISTANCE_3: 'O' };
      const matches = dataset.profiles.filter((p) => {
        if (p.distance === 'SELF') return false;
        const text = `${p.firstName} ${p.lastName} ${p.headline} ${p.location}`.toLowerCase();
        if (keywords && !keywords.split(/\s+/).every((w) => text.includes(w))) return false;
        if (network && !network.includes(degree[p.distance] ?? '')) return false;
        const title = params.get('title')?.[0]?.toLowerCase();
        if (title && !p.positions.some((x) => x.title.toLowerCase().includes(title)) && !p.headline.toLowerCase().includes(title)) return false;
        const company = params.get('company')?.[0]?.toLowerCase();
        if (company && !p.positions.some((x) => !x.end && x.companyName.toLowerCase().includes(company))) return false;
        return true;
      });
      const items = matches.slice(start, start + count).map((p) => ({ entityResult: shapes.personResult(p) }));
      return json(shapes.searchAnswer(items, start, matches.length, normalisedAccept, changed));
    }
    if (resultType === 'CONTENT') {
      const matches = newestFirst(dataset.posts.filter((p) => !keywords || p.text.toLowerCase().includes(keywords)));
      const items = matches.slice(start, start + count).map((p) => ({ searchFeedUpdate: { update: shapes.feedUpdate(p, dataset) } }));
      return json(shapes.searchAnswer(items, start, matches.length, normalisedAccept, changed));
    }
    return apiError(400, undefined, 'unknown resultType');
  }

  function write(route: string, q: URLQuery, rawBody: string): Answer {
    let body: Record<string, any>;
    try {
      body = JSON.parse(rawBody || 'null');
    } catch {
      return apiError(400, undefined, 'body is not JSON');
    }
    if (!body || typeof body !== 'object') return apiError(400, undefined, 'body required');
    const actorCompanyUrn = q.get('actorCompanyUrn') ?? null;
    if (actorCompanyUrn && !dataset.companies.some((c) => `urn:li:fsd_company:${c.id}` === actorCompanyUrn)) return apiError(403, 'NOT_AUTHORIZED_ACTOR');

    if (route === 'voyagerSocialDashReactions') {
      const threadUrn = q.get('threadUrn') ?? '';
      if (!findPost(dataset, threadUrn)) return apiError(404);
      if (!['LIKE', 'PRAISE', 'APPRECIATION', 'EMPATHY', 'INTEREST', 'ENTERTAINMENT'].includes(body.reactionType)) return apiError(400, undefined, 'bad reactionType');
      state.likes.push({ threadUrn, reactionType: body.reactionType, actorCompanyUrn });
      return new Answer(201, '');
    }
    if (route === 'voyagerSocialDashNormComments') {
      if (!q.get('decorationId')?.startsWith('com.linkedin.voyager.dash.deco.social.NormComment-')) return apiError(400, undefined, 'bad decoration');
      const threadUrn = String(body.threadUrn ?? '');
      const text = body.commentary?.text;
      if (typeof text !== 'string' || body.commentary?.$type !== 'com.linkedin.voyager.dash.common.text.TextViewModel') return apiError(400, undefined, 'bad commentary');
      if (!findPost(dataset, threadUrn)) return apiError(404);
      const commentUrn = `urn:li:fsd_comment:(${7_000_000 + state.comments.length},${threadUrn})`;
      // The network keeps at most about 1,250 characters of a comment.
      state.comments.push({ threadUrn, text: text.slice(0, 1250), actorCompanyUrn, commentUrn });
      return json({ data: { $type: 'com.linkedin.voyager.dash.social.Comment', entityUrn: commentUrn, threadUrn }, included: [] }, 201);
    }
    if (route === 'voyagerRelationshipsDashMemberRelationships') {
      if (q.get('action') !== 'verifyQuotaAndCreateV2') return apiError(400, undefined, 'bad action');
      if (mode === 'invitation_limit') return apiError(400, 'CANT_INVITE_CONNECTION_LIMIT_REACHED');
      const profileUrn = String(body.invitee?.inviteeUnion?.memberProfile ?? '');
      const p = dataset.profiles.find((x) => `urn:li:fsd_profile:${x.id}` === profileUrn);
      if (!p || p.distance === 'SELF') return apiError(404);
      if (typeof body.customMessage === 'string' && body.customMessage.length > 300) return apiError(400, 'CUSTOM_MESSAGE_TOO_LONG');
      if (p.distance === 'DISTANCE_1') return apiError(400, 'CANT_INVITE_ALREADY_CONNECTED');
      if (state.invitations.some((i) => i.profileUrn === profileUrn)) return apiError(400, 'CANT_RESEND_YET');
      const invitationUrn = `urn:li:fsd_invitation:${7_100_000_000 + state.invitations.length}`;
      state.invitations.push({ profileUrn, message: body.customMessage ?? null, invitationUrn });
      return json({ data: { value: { $type: 'com.linkedin.voyager.dash.relationships.InvitationCreationResult', invitationUrn } }, included: [] });
    }
    if (route === 'voyagerMessagingDashMessengerMessages') {
      if (q.get('action') !== 'createMessage') return apiError(400, undefined, 'bad action');
      if (body.mailboxUrn !== `urn:li:fsd_profile:${dataset.self.id}`) return apiError(403, 'MAILBOX_MISMATCH');
      const recipientUrn = String(body.message?.hostRecipientUrns?.[0] ?? '');
      const text = body.message?.body?.text;
      if (typeof text !== 'string' || !body.message?.originToken) return apiError(400, undefined, 'bad message');
      const p = dataset.profiles.find((x) => `urn:li:fsd_profile:${x.id}` === recipientUrn);
      if (!p) return apiError(404);
      if (p.distance !== 'DISTANCE_1') return apiError(400, 'RECIPIENT_NOT_FIRST_DEGREE');
      const conversationUrn = `urn:li:msg_conversation:(urn:li:fsd_profile:${dataset.self.id},2-${Buffer.from(p.id).toString('base64url')})`;
      state.messages.push({ recipientUrn, mailboxUrn: body.mailboxUrn, text, conversationUrn });
      return json({ data: { value: { $type: 'com.linkedin.messenger.Message', deliveredAt: Date.now(), conversationUrn, entityUrn: `urn:li:msg_message:(${conversationUrn},${state.messages.length})` } }, included: [] });
    }
    return apiError(404, undefined, `No route POST ${route}`);
  }

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
      if (path.startsWith('/voyager/api/')) {
        state.requests.push({ method: req.method ?? 'GET', path, rawQuery, headers: req.headers });
        answer = api(req, path, rawQuery, body);
      } else answer = pageAnswer(path);
    }
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, answer.headers);
    res.end(text);
  }

  function setMode(next: FakeMode, opts: { delayMs?: number } = {}) {
    mode = next;
    delayMs = next === 'slow' ? (opts.delayMs ?? 3000) : 0;
  }
  function reset() {
    setMode('normal');
    dataset = createDataset();
    Object.assign(state, emptyState());
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
    reset,
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

function findProfile(ds: FakeDataset, identity: string): FakeProfile | undefined {
  const member = /^(?:urn:li:member:)?(\d+)$/.exec(identity)?.[1];
  return ds.profiles.find((p) => p.slug === identity || p.id === identity || (member !== undefined && String(p.memberId) === member));
}

function findPost(ds: FakeDataset, urn: string) {
  const id = /^urn:li:(?:activity|ugcPost|share):(\d+)$/.exec(urn)?.[1];
  return id ? ds.posts.find((p) => p.activityId === id) : undefined;
}

function newestFirst<T extends { activityId: string }>(posts: T[]): T[] {
  return [...posts].sort((a, b) => (BigInt(b.activityId) > BigInt(a.activityId) ? 1 : -1));
}
