import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Answer, apiError, html, redirect } from './answer.js';
import { createDataset, type FakeDataset } from './dataset.js';
import { FAKE_DRIFTS, type FakeDrift, isDrift } from './drifts.js';
import { type FakeAccountOptions, withAccount } from './member-identity.js';
import { createInboxRoutes, type InboxConversation, seedInbox, threadIdWith } from './inbox.js';
import { createRelationshipRoutes, findPerson, type InvitationStatus } from './relationships.js';
import { parseCookies } from './request.js';
import { ALL_FAKE_VOICES, type FakeVoice, isVoice, measuredIn2026, SDUI_VOICE } from './voices.js';

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

/** The voice's dataset: sdui_2026 has four more DuckDB posts (dataset.ts). */
const datasetFor = (v: FakeVoice, account: FakeAccountOptions) =>
  withAccount(createDataset(Date.now(), { sduiPosts: v === SDUI_VOICE }), account);

/**
 * Everything the fake network remembers between requests: the signed-in session (cookies, csrf
 * token), the voice, mode and drift it answers in, the dataset, and what the member's writes did.
 * Every area's routes read and change this one object.
 */
export class FakeSession {
  voice: FakeVoice;
  dataset: FakeDataset;
  mode: FakeMode = 'normal';
  drift: FakeDrift;
  /** How long each answer waits in `slow` mode. */
  delayMs = 0;
  /** API calls `slow` mode holds now. */
  heldCalls = 0;
  readonly state = emptyState();
  /** When each invitation was sent (kept beside `state` so state entries keep their shape). */
  invitationTimes = new Map<string, number>();
  invitationStatus = new Map<string, InvitationStatus>();
  conversations: InboxConversation[];
  readonly liAt = `AQEDAR${randomBytes(24).toString('base64url')}`;
  readonly csrfToken = `ajax:${randomInt(1e9, 9e9)}${randomInt(1e9, 9e9)}`;
  /** What a browser's cookie jar holds after visiting `/feed/` signed in. */
  readonly cookieHeader = `li_at=${this.liAt}; JSESSIONID="${this.csrfToken}"`;
  readonly sessionCookies = [
    `li_at=${this.liAt}; Path=/; Secure; HttpOnly; SameSite=None`,
    `JSESSIONID="${this.csrfToken}"; Path=/; Secure; SameSite=None`,
  ];
  readonly clearedCookies = [
    'li_at=; Path=/; Max-Age=0; Secure; HttpOnly',
    'JSESSIONID=; Path=/; Max-Age=0; Secure',
  ];
  readonly inbox: ReturnType<typeof createInboxRoutes>;
  readonly relationships: ReturnType<typeof createRelationshipRoutes>;

  /** Whose account this network is signed in to, and who else it holds (member-identity.ts). */
  private readonly account: FakeAccountOptions;

  constructor(options: { voice?: FakeVoice; drift?: FakeDrift } & FakeAccountOptions) {
    if (options.voice !== undefined && !isVoice(options.voice))
      throw new Error(`voice must be one of ${ALL_FAKE_VOICES.join(', ')}`);
    this.voice = options.voice ?? 'today';
    this.account = { member: options.member, strangers: options.strangers };
    this.dataset = datasetFor(this.voice, this.account);
    if (options.drift !== undefined && !isDrift(options.drift))
      throw new Error(`drift must be one of ${FAKE_DRIFTS.join(', ')}`);
    this.drift = options.drift ?? 'none';
    this.conversations = seedInbox(this.dataset, Date.now());
    this.inbox = createInboxRoutes({
      dataset: () => this.dataset,
      voice: () => this.voice,
      conversations: () => this.conversations,
    });
    const session = this;
    this.relationships = createRelationshipRoutes({
      dataset: () => this.dataset,
      voice: () => this.voice,
      invitations: () => this.state.invitations,
      sentAt: (urn) => this.invitationTimes.get(urn) ?? 0,
      get status() {
        return session.invitationStatus;
      },
      withdrawals: this.state.withdrawals,
    });
  }

  selfUrn(): string {
    return `urn:li:fsd_profile:${this.dataset.self.id}`;
  }

  loginPath(): string {
    return measuredIn2026(this.voice) ? '/uas/login' : '/login';
  }

  setMode(next: FakeMode, opts: { delayMs?: number } = {}): void {
    this.mode = next;
    this.delayMs = next === 'slow' ? (opts.delayMs ?? 3000) : 0;
  }

  setVoice(next: FakeVoice): void {
    if (!isVoice(next)) throw new Error(`voice must be one of ${ALL_FAKE_VOICES.join(', ')}`);
    // Into or out of sdui_2026 the dataset changes (its four extra posts); state stays.
    if ((next === SDUI_VOICE) !== (this.voice === SDUI_VOICE))
      this.dataset = datasetFor(next, this.account);
    this.voice = next;
  }

  setDrift(next: FakeDrift): void {
    if (!isDrift(next)) throw new Error(`drift must be one of ${FAKE_DRIFTS.join(', ')}`);
    this.drift = next;
  }

  /** Mode, drift, dataset and state back to the start; the voice stays. */
  reset(): void {
    this.setMode('normal');
    this.drift = 'none';
    this.dataset = datasetFor(this.voice, this.account);
    this.invitationTimes = new Map();
    this.invitationStatus = new Map();
    this.conversations = seedInbox(this.dataset, Date.now());
    // Emptied in place: relationships.ts holds the withdrawals list itself.
    const withdrawals = this.state.withdrawals;
    Object.assign(this.state, emptyState(), { withdrawals });
    withdrawals.length = 0;
  }

  /** A person writes to the member: appended to their conversation (made if none), which turns unread. */
  reply(identity: string, text: string, at = Date.now()): string {
    const p = findPerson(this.dataset, identity);
    if (!p) throw new Error(`no such person: ${identity}`);
    const c = this.conversationWith(p.id);
    c.messages.push({ from: p.id, text, at, n: this.nextMessageNumber() });
    c.read = false;
    if (c.category === 'ARCHIVE') c.category = 'PRIMARY_INBOX';
    return this.inbox.conversationUrn(c);
  }

  /** The member's conversation with a person, made (empty, read) when there is none yet. */
  conversationWith(profileId: string): InboxConversation {
    let c = this.conversations.find((x) => x.withId === profileId);
    if (!c) {
      c = {
        threadId: threadIdWith(profileId),
        withId: profileId,
        category: 'PRIMARY_INBOX',
        read: true,
        messages: [],
      };
      this.conversations.push(c);
    }
    return c;
  }

  nextMessageNumber(): number {
    return 1 + Math.max(0, ...this.conversations.flatMap((c) => c.messages.map((m) => m.n)));
  }

  /** What every API call passes first: session cookies, csrf, the mode's refusal. */
  gate(req: IncomingMessage, path: string): Answer | null {
    const cookies = parseCookies(req.headers.cookie ?? '');
    if (cookies.li_at !== this.liAt || !cookies.JSESSIONID)
      return apiError(401, undefined, 'Unauthorized');
    // csrf check (every voice): the header is the JSESSIONID value without its quotes.
    if (req.headers['csrf-token'] !== cookies.JSESSIONID.replace(/^"|"$/g, ''))
      return html('CSRF check failed.', 403);
    const mode = this.mode;
    if (mode === 'signed_out') return apiError(401, undefined, 'Unauthorized');
    if (mode === 'signed_out_redirect')
      return redirect(`${this.loginPath()}?session_redirect=${encodeURIComponent(path)}`);
    if (mode === 'signed_out_login_checkpoint') return redirect('/checkpoint/lg/login-submit');
    if (mode === 'challenge') return redirect('/checkpoint/challenge/AgH3?ut=fake');
    if (mode === 'rate_limited') return apiError(429, undefined, 'Too Many Requests');
    if (mode === 'denied') return html('Request denied', 999);
    return null;
  }
}
