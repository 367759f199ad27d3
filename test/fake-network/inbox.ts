import type { FakeDataset, FakeProfile } from './dataset.js';
import { parseRestli, type RestliParsed } from './restli.js';
import { type FakeVoice, measuredIn2026 } from './voices.js';

/**
 * The member's inbox on the fake network (docs/network-internal-api.md, "Relationship lifecycle"):
 * conversations, their messages, unread counts and marking read, all through the messaging GraphQL
 * path `voyagerMessagingGraphQL/graphql?queryId=<name>.<hash>&variables=(…)`, plus the messaging page
 * that names the queryIds the web app itself uses. server.ts routes to it; answers come back as
 * `Reply` objects the server sends as they are.
 */

export interface Reply {
  status: number;
  body: unknown;
}
const ok = (body: unknown): Reply => ({ status: 200, body });
const error = (status: number, message: string): Reply => ({
  status,
  body: {
    data: { $type: 'com.linkedin.restli.common.ErrorResponse', status, message },
    included: [],
  },
});

export const CATEGORIES = [
  'INBOX',
  'PRIMARY_INBOX',
  'SECONDARY_INBOX',
  'ARCHIVE',
  'INMAIL',
  'STARRED',
  'SPAM',
] as const;
type Category = (typeof CATEGORIES)[number];

export interface InboxMessage {
  /** Profile id of the sender: the member or the other person. */
  from: string;
  text: string;
  at: number;
  n: number;
}
export interface InboxConversation {
  threadId: string;
  /** Profile id of the other person (one-to-one conversations only). */
  withId: string;
  category: Category;
  read: boolean;
  /** Oldest first. */
  messages: InboxMessage[];
}

/**
 * The queryIds each voice answers, by the variant of the query each one is. The hashes of the first
 * three voices are ones public clients name (2025-2026: the facts count five, some of them other
 * variants of the query); measured_2026 stands for a rotation: none of those answers any more (400
 * naming the queryId) and the current ones, made up here, are named only by the messaging page.
 * An unknown hash answers 400 in every voice.
 */
type ConversationsVariant = 'by_category' | 'by_sync_token';
type MessagesVariant = 'by_sync_token' | 'by_anchor';
const PUBLIC_IDS = {
  conversations: {
    '9501074288a12f3ae9e3c7ea243bccbf': 'by_category',
    '0d5e6781bbee71c3e51c8843c6519f48': 'by_sync_token',
  } as Record<string, ConversationsVariant>,
  messages: {
    '5846eeb71c981f11e0134cb6626cc314': 'by_sync_token',
    d8ea76885a52fd5dc5c317078ab7c977: 'by_anchor',
  } as Record<string, MessagesVariant>,
  counts: ['fc528a5a81a76dff212a4a3d2d48e84b'],
};
const ROTATED_IDS = {
  conversations: { '3f1c9e2ab8d74e05a6c1d0b9e8f7a6b5': 'by_category' } as Record<
    string,
    ConversationsVariant
  >,
  messages: { '7b2d4c6e8f0a1b3c5d7e9f1a2b4c6d8e': 'by_sync_token' } as Record<
    string,
    MessagesVariant
  >,
  counts: ['fc528a5a81a76dff212a4a3d2d48e84b'],
};
export const MESSAGING_QUERY_IDS = (voice: FakeVoice) =>
  measuredIn2026(voice) ? ROTATED_IDS : PUBLIC_IDS;

/** Page sizes: at most 20 a page (paged: 5); a `count` above 25 answers an empty set, not an error. */
const PAGE = (voice: FakeVoice) => (voice === 'paged' ? 5 : 20);
const COUNT_CEILING = 25;

const HOUR = 3_600_000;

/** The thread id of the member's one-to-one conversation with a person (the same on every send). */
export const threadIdWith = (profileId: string) =>
  `2-${Buffer.from(profileId).toString('base64url')}`;

/**
 * The inbox the dataset starts with: Ada wrote back after the member (unread: a reply), Margaret was
 * answered (read), and 28 plain connections (`connection-01` … `-28`) one conversation each, an hour
 * and a bit apart, every fourth one unread with the last word theirs; `connection-20`'s is archived.
 * So the primary inbox holds 29 conversations: more than one page.
 */
export function seedInbox(ds: FakeDataset, now: number): InboxConversation[] {
  const self = ds.self.id;
  const by = (slug: string) => ds.profiles.find((p) => p.slug === slug)!;
  const convs: InboxConversation[] = [];
  const ada = by('ada-lovelace');
  const margaret = by('margaret-hamilton');
  let n = 1;
  const msg = (from: string, text: string, at: number): InboxMessage => ({
    from,
    text,
    at,
    n: n++,
  });
  convs.push({
    threadId: threadIdWith(ada.id),
    withId: ada.id,
    category: 'PRIMARY_INBOX',
    read: false,
    messages: [
      msg(self, 'Hi Ada, your compiler post was a delight.', now - 72 * HOUR),
      msg(ada.id, 'Thank you! Shall we talk on Thursday?', now - 2 * HOUR),
    ],
  });
  convs.push({
    threadId: threadIdWith(margaret.id),
    withId: margaret.id,
    category: 'PRIMARY_INBOX',
    read: true,
    messages: [
      msg(margaret.id, 'Congratulations on the launch.', now - 120 * HOUR),
      msg(self, 'Thanks Margaret!', now - 100 * HOUR),
    ],
  });
  for (let k = 1; k <= 28; k++) {
    const p = by(`connection-${String(k).padStart(2, '0')}`);
    const at = now - (3 + 7 * k) * HOUR;
    const theirs = k % 4 === 0;
    const messages = theirs
      ? [
          msg(self, `Hello ${p.firstName}, good to connect.`, at - 30 * HOUR),
          msg(p.id, `Hi Grace, thanks for reaching out (${k}).`, at),
        ]
      : [
          msg(p.id, `Hello Grace (${k}).`, at - 30 * HOUR),
          msg(self, `Nice to meet you, ${p.firstName}.`, at),
        ];
    convs.push({
      threadId: threadIdWith(p.id),
      withId: p.id,
      category: k === 20 ? 'ARCHIVE' : 'PRIMARY_INBOX',
      read: !theirs,
      messages,
    });
  }
  return convs;
}

export interface InboxContext {
  dataset: () => FakeDataset;
  voice: () => FakeVoice;
  conversations: () => InboxConversation[];
}

export function createInboxRoutes(ctx: InboxContext) {
  const selfUrn = () => `urn:li:fsd_profile:${ctx.dataset().self.id}`;
  const conversationUrn = (c: InboxConversation) =>
    `urn:li:msg_conversation:(${selfUrn()},${c.threadId})`;
  const messageUrn = (m: InboxMessage) => `urn:li:msg_message:(${selfUrn()},2-m${m.n})`;
  const profileOf = (id: string) => ctx.dataset().profiles.find((p) => p.id === id);
  const lastAt = (c: InboxConversation) => c.messages.at(-1)?.at ?? 0;
  const newestFirst = () => [...ctx.conversations()].sort((a, b) => lastAt(b) - lastAt(a));
  const find = (urn: string) => ctx.conversations().find((c) => conversationUrn(c) === urn);

  function participant(p: FakeProfile) {
    const urn = `urn:li:fsd_profile:${p.id}`;
    return {
      $type: 'com.linkedin.messenger.MessagingParticipant',
      entityUrn: `urn:li:msg_messagingParticipant:${urn}`,
      hostIdentityUrn: urn,
      participantType: {
        member: {
          firstName: { text: p.firstName },
          lastName: { text: p.lastName },
          headline: { text: p.headline },
          profileUrl: `https://www.linkedin.com/in/${p.slug}`,
          distance: p.distance,
        },
      },
    };
  }

  /**
   * One message. today and measured_2026: the sender inline; drifted: `*sender`, a reference to the
   * participant in `included` (facts: any field may be a reference to be resolved).
   */
  function message(
    m: InboxMessage,
    c: InboxConversation,
    included: Record<string, unknown>[] | null,
  ) {
    const sender = participant(profileOf(m.from)!);
    const base = {
      $type: 'com.linkedin.messenger.Message',
      entityUrn: messageUrn(m),
      backendConversationUrn: conversationUrn(c),
      body: { text: m.text, attributes: [] },
      deliveredAt: m.at,
    };
    if (included && ctx.voice() === 'drifted') {
      pushOnce(included, sender);
      return { ...base, '*sender': sender.entityUrn };
    }
    return { ...base, sender };
  }

  function conversation(c: InboxConversation, included: Record<string, unknown>[] | null) {
    const people = [profileOf(ctx.dataset().self.id)!, profileOf(c.withId)!].map(participant);
    const last = c.messages.at(-1)!;
    const unread = c.read ? 0 : c.messages.filter((m) => m.from !== ctx.dataset().self.id).length;
    const base = {
      $type: 'com.linkedin.messenger.Conversation',
      entityUrn: conversationUrn(c),
      backendUrn: `urn:li:messagingThread:${c.threadId}`,
      categories: [c.category],
      read: c.read,
      unreadCount: unread,
      groupChat: false,
      lastActivityAt: last.at,
      messages: { elements: [message(last, c, included)] },
    };
    if (included && ctx.voice() === 'drifted') {
      pushOnce(included, ...people);
      return { ...base, '*conversationParticipants': people.map((p) => p.entityUrn) };
    }
    return { ...base, conversationParticipants: people };
  }

  /** A GraphQL collection: normalised, one level deeper with `*elements` and the entities in `included`; plain JSON inline. */
  function collection(
    root: string,
    items: ((included: Record<string, unknown>[] | null) => Record<string, unknown>)[],
    metadata: Record<string, unknown>,
    normalisedAccept: boolean,
  ): Reply {
    if (!normalisedAccept)
      return ok({
        data: {
          [root]: {
            $type: 'com.linkedin.restli.common.CollectionResponse',
            elements: items.map((f) => f(null)),
            metadata,
          },
        },
      });
    const included: Record<string, unknown>[] = [];
    const urns = items.map((f) => {
      const e = f(included);
      pushOnce(included, e);
      return e.entityUrn as string;
    });
    return ok({
      data: {
        data: {
          [root]: {
            $type: 'com.linkedin.restli.common.CollectionResponse',
            '*elements': urns,
            metadata,
          },
        },
      },
      included,
    });
  }

  /** The `variables` tuple, or the 400 a malformed one answers. */
  function variablesOf(
    rawQuery: string,
  ): { vars: Record<string, RestliParsed> } | { refused: Reply } {
    const raw = /(?:^|&)variables=([^&]*)/.exec(rawQuery)?.[1];
    if (raw === undefined) return { refused: error(400, 'variables are required') };
    try {
      const v = parseRestli(raw);
      if (typeof v !== 'object' || Array.isArray(v))
        return { refused: error(400, 'variables must be a tuple') };
      return { vars: v };
    } catch (err) {
      return { refused: error(400, (err as Error).message) };
    }
  }

  /**
   * The conversations query. by_category: `(query:(predicateUnions:List((conversationCategoryPredicate:
   * (category:C)))),count:N,mailboxUrn:M[,nextCursor:X|,lastUpdatedBefore:T])`, root
   * `messengerConversationsByCategoryQuery`; by_sync_token: `(mailboxUrn:M[,…])`, every category but
   * archive and spam, root `messengerConversationsBySyncToken`. Newest activity first. The next page:
   * `metadata.nextCursor` (drifted gives none: the client pages by `lastUpdatedBefore`, the
   * oldest `lastActivityAt` it has), or `lastUpdatedBefore` in every voice; paged takes the cursor only.
   */
  function conversations(
    variant: ConversationsVariant,
    rawQuery: string,
    normalisedAccept: boolean,
  ): Reply {
    const v = variablesOf(rawQuery);
    if ('refused' in v) return v.refused;
    const { vars } = v;
    if (vars.mailboxUrn !== selfUrn()) return error(403, 'Not a mailbox of this member');
    const voice = ctx.voice();
    const root =
      variant === 'by_category'
        ? 'messengerConversationsByCategoryQuery'
        : 'messengerConversationsBySyncToken';
    let category: string | null = null;
    if (variant === 'by_category') {
      const predicate = (vars.query as any)?.predicateUnions?.[0]?.conversationCategoryPredicate
        ?.category;
      if (typeof predicate !== 'string') return error(400, 'query.predicateUnions is required');
      category = predicate;
    }
    const count = Number(vars.count ?? 20);
    // Facts: a count above ~25 and an unknown category both answer an empty set, not an error.
    if (
      !Number.isInteger(count) ||
      count < 1 ||
      count > COUNT_CEILING ||
      (category !== null && !(CATEGORIES as readonly string[]).includes(category))
    ) {
      return collection(root, [], {}, normalisedAccept);
    }
    const inCategory = (c: InboxConversation) =>
      category === null || category === 'INBOX'
        ? c.category !== 'ARCHIVE' && c.category !== 'SPAM'
        : c.category === category;
    let list = newestFirst().filter(inCategory);
    let offset = 0;
    const cursor = typeof vars.nextCursor === 'string' ? vars.nextCursor : null;
    if (cursor) {
      const at = readCursor(cursor, category ?? '*');
      if (at === null) return error(400, 'Invalid nextCursor');
      offset = at;
    } else if (vars.lastUpdatedBefore !== undefined && voice !== 'paged') {
      const before = Number(vars.lastUpdatedBefore);
      list = list.filter((c) => lastAt(c) < before);
    }
    const page = list.slice(offset, offset + Math.min(count, PAGE(voice)));
    const more = offset + page.length < list.length;
    const metadata =
      more && voice !== 'drifted'
        ? {
            $type: 'com.linkedin.messenger.ConversationsMetadata',
            nextCursor: makeCursor(category ?? '*', offset + page.length),
          }
        : { $type: 'com.linkedin.messenger.ConversationsMetadata' };
    return collection(
      root,
      page.map((c) => (included) => conversation(c, included)),
      metadata,
      normalisedAccept,
    );
  }

  /**
   * The messages of one conversation. by_sync_token: `(conversationUrn:U)`, the newest 20; by_anchor:
   * `(deliveredAt:T,conversationUrn:U,countBefore:N,countAfter:0)`, the N before T. Oldest first, as
   * the thread shows them (drifted: newest first: order carries no promise).
   */
  function messages(variant: MessagesVariant, rawQuery: string, normalisedAccept: boolean): Reply {
    const v = variablesOf(rawQuery);
    if ('refused' in v) return v.refused;
    const { vars } = v;
    const c = find(String(vars.conversationUrn ?? ''));
    if (!c) return error(404, 'Conversation not found');
    let list = c.messages;
    let root = 'messengerMessagesBySyncToken';
    if (variant === 'by_anchor') {
      root = 'messengerMessagesByAnchorTimestamp';
      const before = Number(vars.deliveredAt);
      const countBefore = Number(vars.countBefore ?? 20);
      if (
        !Number.isFinite(before) ||
        !Number.isInteger(countBefore) ||
        vars.countAfter === undefined
      )
        return error(400, 'deliveredAt, countBefore and countAfter are required');
      list = list.filter((m) => m.at <= before).slice(-Math.min(countBefore, 20));
    } else list = list.slice(-20);
    if (ctx.voice() === 'drifted') list = [...list].reverse();
    return collection(
      root,
      list.map((m) => (included) => message(m, c, included)),
      {},
      normalisedAccept,
    );
  }

  /** `messengerMailboxCounts`: `elements[] {category, unreadConversationCount}` per category. */
  function counts(rawQuery: string, normalisedAccept: boolean): Reply {
    const v = variablesOf(rawQuery);
    if ('refused' in v) return v.refused;
    if (v.vars.mailboxUrn !== selfUrn()) return error(403, 'Not a mailbox of this member');
    const elements = ['PRIMARY_INBOX', 'SECONDARY_INBOX', 'ARCHIVE'].map((category) => ({
      $type: 'com.linkedin.messenger.MailboxCount',
      category,
      unreadConversationCount: ctx.conversations().filter((c) => c.category === category && !c.read)
        .length,
    }));
    const body = {
      messengerMailboxCountsByMailbox: {
        $type: 'com.linkedin.restli.common.CollectionResponse',
        elements,
      },
    };
    return ok(normalisedAccept ? { data: { data: body }, included: [] } : { data: body });
  }

  /** `GET voyagerMessagingGraphQL/graphql?queryId=<name>.<hash>&variables=(…)`. */
  function read(rawQuery: string, normalisedAccept: boolean): Reply {
    const queryId = decodeURIComponent(/(?:^|&)queryId=([^&]*)/.exec(rawQuery)?.[1] ?? '');
    const [name, hash = ''] = queryId.split('.');
    const ids = MESSAGING_QUERY_IDS(ctx.voice());
    const unknown = () =>
      error(400, `Invalid queryId: ${queryId} is not a registered persisted query`);
    if (name === 'messengerConversations')
      return hash in ids.conversations
        ? conversations(ids.conversations[hash]!, rawQuery, normalisedAccept)
        : unknown();
    if (name === 'messengerMessages')
      return hash in ids.messages
        ? messages(ids.messages[hash]!, rawQuery, normalisedAccept)
        : unknown();
    if (name === 'messengerMailboxCounts')
      return ids.counts.includes(hash) ? counts(rawQuery, normalisedAccept) : unknown();
    return unknown();
  }

  /**
   * Mark read: `POST voyagerMessagingDashMessengerConversations?ids=List(<encoded urn>,…)` with
   * `{"entities":{"<urn>":{"patch":{"$set":{"read":true}}}}}`. A batch: 200 with `results` per
   * conversation and an `errors` map for the ones it could not change (facts: "a 200 can still carry
   * a per-entity errors map"). Every voice.
   */
  function markRead(rawQuery: string, body: Record<string, any>): Reply {
    const raw = /(?:^|&)ids=([^&]*)/.exec(rawQuery)?.[1];
    let ids: RestliParsed;
    try {
      ids = parseRestli(raw ?? '');
    } catch (err) {
      return error(400, (err as Error).message);
    }
    if (!Array.isArray(ids) || ids.length === 0)
      return error(400, 'ids must be a List of conversation URNs');
    const entities = body.entities;
    if (!entities || typeof entities !== 'object') return error(400, 'entities are required');
    const results: Record<string, unknown> = {};
    const errors: Record<string, unknown> = {};
    for (const id of ids.map(String)) {
      const patch = entities[id]?.patch?.$set;
      const c = find(id);
      if (!patch || typeof patch.read !== 'boolean')
        errors[id] = { status: 400, message: 'no patch for this id' };
      else if (!c) errors[id] = { status: 404, message: 'Conversation not found' };
      else {
        c.read = patch.read;
        results[id] = { status: 204 };
      }
    }
    return ok({
      data: { $type: 'com.linkedin.restli.common.BatchKVResponse', results, errors },
      included: [],
    });
  }

  /**
   * The messaging page (`/messaging/`, `/messaging/thread/<id>/`). As the web app's, it asks for the
   * inbox (and the newest thread's messages) as soon as it loads, with the queryIds current in this
   * voice: its script sends those requests, and the server-rendered page names them in its
   * `<code id="datalet-bpr-guid-…">` blocks (`{"request": "/voyager/api/…"}`), which is where a
   * client that did not see the requests go out can read them.
   */
  function page(): string {
    const ids = MESSAGING_QUERY_IDS(ctx.voice());
    const conversationsId = `messengerConversations.${Object.keys(ids.conversations).find((h) => ids.conversations[h] === 'by_category')}`;
    const messagesId = `messengerMessages.${Object.keys(ids.messages)[0]}`;
    const mailbox = restliEncode(selfUrn());
    const newest = newestFirst()[0];
    const requests = [
      `/voyager/api/voyagerMessagingGraphQL/graphql?queryId=${conversationsId}&variables=(query:(predicateUnions:List((conversationCategoryPredicate:(category:PRIMARY_INBOX)))),count:20,mailboxUrn:${mailbox})`,
      ...(newest
        ? [
            `/voyager/api/voyagerMessagingGraphQL/graphql?queryId=${messagesId}&variables=(conversationUrn:${restliEncode(conversationUrn(newest))})`,
          ]
        : []),
    ];
    const datalets = requests
      .map(
        (request, i) =>
          `<code style="display: none" id="datalet-bpr-guid-${i + 1}">${JSON.stringify({ request, status: 200, body: `bpr-guid-${i + 1}`, method: 'GET' }).replace(/</g, '\\u003c')}</code>`,
      )
      .join('');
    const script = `<script>(function(){var t=(document.cookie.match(/JSESSIONID="?([^";]+)/)||[])[1];${requests
      .map(
        (r) =>
          `fetch(${JSON.stringify(r)},{credentials:'include',headers:{'csrf-token':t,'x-restli-protocol-version':'2.0.0',accept:'application/vnd.linkedin.normalized+json+2.1'}});`,
      )
      .join('')}})();</script>`;
    return `<!doctype html><html><head><meta charset="utf-8"><title>Messaging | LinkedIn</title></head><body><h1>Messaging</h1>${datalets}${script}</body></html>`;
  }

  return { read, markRead, page, conversationUrn, find };
}

/** A Rest.li value's text: percent-encoded, parentheses and commas too (they are the tuple syntax). */
export const restliEncode = (s: string) =>
  encodeURIComponent(s).replace(/[(),]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function pushOnce(included: Record<string, unknown>[], ...entities: Record<string, unknown>[]) {
  for (const e of entities)
    if (!included.some((x) => x.entityUrn === e.entityUrn)) included.push(e);
}

function makeCursor(category: string, offset: number): string {
  return Buffer.from(`c1|${category}|${offset}`).toString('base64');
}
function readCursor(cursor: string, category: string): number | null {
  const [v, c, n] = Buffer.from(cursor, 'base64').toString('utf8').split('|');
  return v === 'c1' && c === category && /^\d+$/.test(n ?? '') ? Number(n) : null;
}
