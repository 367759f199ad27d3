import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGING_QUERY_IDS, restliEncode as enc } from './inbox.js';
import { client, type Json, type RawReply } from './raw-client.js';
import { SENT_PAGER_ID, sharedSecret, WITHDRAW_REQUEST_ID } from './relationships.js';
import { ALL_FAKE_VOICES, startFakeNetwork, type FakeNetwork, type FakeVoice } from './server.js';
import { measuredIn2026, SDUI_VOICE } from './voices.js';

/**
 * Self-check of the fake network's inbox, sent invitations, withdrawal and acceptance (README.md,
 * "Inbox and invitations") with raw HTTPS requests, in every voice.
 */

const PUBLIC_HASH = '9501074288a12f3ae9e3c7ea243bccbf';
const gql = (queryId: string, variables: string) =>
  `voyagerMessagingGraphQL/graphql?queryId=${queryId}&variables=${variables}`;
const byCategory = (
  hash: string,
  mailbox: string,
  extra = '',
  category = 'PRIMARY_INBOX',
  count = 20,
) =>
  gql(
    `messengerConversations.${hash}`,
    `(query:(predicateUnions:List((conversationCategoryPredicate:(category:${category})))),count:${count},mailboxUrn:${enc(mailbox)}${extra})`,
  );
const conversationsOf = (r: RawReply): Json[] => {
  const root = r.json.data.data.messengerConversationsByCategoryQuery;
  return (root['*elements'] as string[]).map((urn) =>
    r.json.included.find((e: Json) => e.entityUrn === urn),
  );
};

describe.each(ALL_FAKE_VOICES)('inbox and invitations, voice %s', (voice: FakeVoice) => {
  let fake: FakeNetwork;
  let net: ReturnType<typeof client>;
  const ids = MESSAGING_QUERY_IDS(voice);
  const hash = Object.keys(ids.conversations).find((h) => ids.conversations[h] === 'by_category')!;
  const measured = measuredIn2026(voice);

  beforeAll(async () => {
    fake = await startFakeNetwork({ voice });
    net = client(fake);
  });
  afterAll(async () => {
    await net.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const self = () => `urn:li:fsd_profile:${fake.dataset.self.id}`;
  const p = (slug: string) => fake.dataset.profiles.find((x) => x.slug === slug)!;
  const urnOf = (slug: string) => `urn:li:fsd_profile:${p(slug).id}`;

  it('the messaging page names the queryIds this voice answers; a public hash answers only where it has not rotated', async () => {
    const page = await net.get('/messaging/');
    expect(page.status).toBe(200);
    const named = [...page.text.matchAll(/messengerConversations\.([0-9a-f]{32})/g)].map(
      (m) => m[1],
    );
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([hash]));
    expect(page.text).toMatch(/messengerMessages\.[0-9a-f]{32}/);
    expect((await net.get(byCategory(hash, self()))).status).toBe(200);
    const publicHash = await net.get(byCategory(PUBLIC_HASH, self()));
    expect(publicHash.status).toBe(measured ? 400 : 200);
    expect(
      (await net.get(byCategory('0123456789abcdef0123456789abcdef', self()))).json.data,
    ).toMatchObject({ status: 400, message: expect.stringContaining('queryId') });
  });

  it('conversations: newest activity first, paged by cursor (drifted: by lastUpdatedBefore); count > 25 and an unknown category are empty', async () => {
    const first = await net.get(byCategory(hash, self()));
    const convs = conversationsOf(first);
    expect(convs).toHaveLength(voice === 'paged' ? 5 : 20);
    const times = convs.map((c) => c.lastActivityAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const ada = convs[0]!;
    expect(ada).toMatchObject({ read: false, $type: 'com.linkedin.messenger.Conversation' });
    expect(ada.entityUrn).toMatch(
      /^urn:li:msg_conversation:\(urn:li:fsd_profile:ACoAAGraceHopper000001,2-/,
    );
    const cursor = first.json.data.data.messengerConversationsByCategoryQuery.metadata.nextCursor;
    let next: RawReply;
    if (voice === 'drifted') {
      expect(cursor).toBeUndefined();
      next = await net.get(byCategory(hash, self(), `,lastUpdatedBefore:${times.at(-1)}`));
    } else next = await net.get(byCategory(hash, self(), `,nextCursor:${enc(cursor)}`));
    const second = conversationsOf(next);
    expect(second.length).toBeGreaterThan(0);
    expect(second[0]!.lastActivityAt).toBeLessThan(times.at(-1)!);
    expect(
      conversationsOf(await net.get(byCategory(hash, self(), '', 'PRIMARY_INBOX', 26))),
    ).toEqual([]);
    expect(
      conversationsOf(await net.get(byCategory(hash, self(), '', 'NO_SUCH_CATEGORY'))),
    ).toEqual([]);
    expect((await net.get(byCategory(hash, urnOf('ada-lovelace')))).status).toBe(403);
  });

  it('messages of a conversation, mark read, a reply into it and a person writing back', async () => {
    const adaUrn = conversationsOf(await net.get(byCategory(hash, self())))[0]!.entityUrn as string;
    const messagesHash = Object.keys(ids.messages)[0]!;
    const read = await net.get(
      gql(`messengerMessages.${messagesHash}`, `(conversationUrn:${enc(adaUrn)})`),
    );
    expect(read.status, read.text).toBe(200);
    const root = read.json.data.data.messengerMessagesBySyncToken;
    const messages = (root['*elements'] as string[]).map((u) =>
      read.json.included.find((e: Json) => e.entityUrn === u),
    );
    expect(messages.map((m) => m.body.text).sort()).toEqual([
      'Hi Ada, your compiler post was a delight.',
      'Thank you! Shall we talk on Thursday?',
    ]);
    const senderOf = (m: Json) =>
      m.sender ?? read.json.included.find((e: Json) => e.entityUrn === m['*sender']);
    expect(new Set(messages.map((m) => senderOf(m).hostIdentityUrn))).toEqual(
      new Set([self(), urnOf('ada-lovelace')]),
    );

    const ok = await net.post(
      `voyagerMessagingDashMessengerConversations?ids=List(${enc(adaUrn)})`,
      { entities: { [adaUrn]: { patch: { $set: { read: true } } } } },
    );
    expect(ok.json.data.results[adaUrn]).toEqual({ status: 204 });
    const gone = 'urn:li:msg_conversation:(urn:li:fsd_profile:ACoAAGraceHopper000001,2-nothing)';
    const partial = await net.post(
      `voyagerMessagingDashMessengerConversations?ids=List(${enc(gone)})`,
      { entities: { [gone]: { patch: { $set: { read: true } } } } },
    );
    expect(partial.status).toBe(200);
    expect(partial.json.data.errors[gone].status).toBe(404);
    expect(fake.conversations().find((c) => c.withId === p('ada-lovelace').id)!.read).toBe(true);

    const body = {
      message: {
        body: { text: 'Thursday works.', attributes: [] },
        renderContentUnions: [],
        originToken: 'o-1',
        conversationUrn: adaUrn,
      },
      mailboxUrn: self(),
      trackingId: 't',
      dedupeByClientGeneratedToken: false,
    };
    const sent = await net.post('voyagerMessagingDashMessengerMessages?action=createMessage', body);
    expect(sent.json.data.value.conversationUrn).toBe(adaUrn);
    fake.reply('alan-turing', 'We have not met, but hello.', Date.now() + 1000);
    const top = conversationsOf(await net.get(byCategory(hash, self())))[0]!;
    expect(top.read).toBe(false);
    expect(top.messages.elements[0].body.text).toBe('We have not met, but hello.');
    const counts = await net.get(
      gql(`messengerMailboxCounts.${ids.counts[0]}`, `(mailboxUrn:${enc(self())})`),
    );
    const primary = counts.json.data.data.messengerMailboxCountsByMailbox.elements.find(
      (e: Json) => e.category === 'PRIMARY_INBOX',
    );
    expect(primary.unreadConversationCount).toBe(
      fake.conversations().filter((c) => c.category === 'PRIMARY_INBOX' && !c.read).length,
    );
  });

  it('sent invitations: pending ones newest first (measured_2026: total 0); withdrawal by REST or the server-driven request; acceptance', async () => {
    const invite = (slug: string) =>
      net.post(
        'voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2&decorationId=com.linkedin.voyager.dash.deco.relationships.InvitationCreationResultWithInvitee-2',
        {
          invitee: { inviteeUnion: { memberProfile: urnOf(slug) } },
          customMessage: `Hello ${slug}`,
        },
      );
    for (const slug of ['katherine-johnson', 'alan-turing'])
      expect((await invite(slug)).status).toBe(200);
    const list = await net.get(
      'relationships/sentInvitationViewsV2?q=invitationType&invitationType=CONNECTION&start=0&count=10',
    );
    if (voice === SDUI_VOICE) expect(list.status).toBe(404);
    else {
      expect(list.json.data.paging.total).toBe(measured ? 0 : 2);
      expect(list.json.included.filter((e: Json) => e.$type.endsWith('.Invitation')).length).toBe(
        2,
      );
    }
    const [katherine, alan] = fake.state.invitations;

    const rest = await net.post(
      `relationships/invitations/${katherine!.invitationUrn.split(':').pop()}?action=withdraw`,
      { invitationSharedSecret: sharedSecret(katherine!.invitationUrn) },
    );
    const sdui = (payload: Json, extra: Record<string, string> = {}) =>
      net.call(
        'POST',
        `/flagship-web/rsc-action/actions/server-request?sduiid=${WITHDRAW_REQUEST_ID}`,
        { requestId: WITHDRAW_REQUEST_ID, clientArguments: { payload } },
        'application/json',
        extra,
      );
    const payload = {
      inviterActionType: 'InviterActionType_WITHDRAW',
      invitationType: 'GenericInvitationType_CONNECTION',
      invitationUrn: { invitationId: katherine!.invitationUrn.split(':').pop() },
      profileUrn: urnOf('katherine-johnson'),
      inviteeVanityName: 'katherine-johnson',
    };
    if (measured) {
      expect(rest.status).toBe(404);
      expect((await sdui(payload, { 'csrf-token': 'wrong' })).status).toBe(403);
      const done = await sdui(payload);
      expect(done.status).toBe(200);
      expect(done.text).toMatch(/^0:\{/);
      expect(done.text).toContain('Invitation withdrawn');
      expect((await sdui(payload)).text).toContain('could not be withdrawn');
    } else {
      expect(rest.status).toBe(200);
      expect((await sdui(payload)).status).toBe(404);
    }
    expect(fake.state.withdrawals).toEqual([
      {
        invitationUrn: katherine!.invitationUrn,
        profileUrn: urnOf('katherine-johnson'),
        via: measured ? 'sdui' : 'rest',
      },
    ]);
    expect((await invite('katherine-johnson')).json.data.code).toBe('CANT_RESEND_YET');

    fake.accept('alan-turing');
    expect(alan).toBeDefined();
    expect(
      fake.state.invitations.filter((i) => i.profileUrn === urnOf('alan-turing')),
    ).toHaveLength(1);
    if (voice !== SDUI_VOICE) {
      const after = await net.get(
        'relationships/sentInvitationViewsV2?q=invitationType&invitationType=CONNECTION&start=0&count=10',
      );
      expect(after.json.data['*elements']).toEqual([]);
    }
    const connections = await net.get(
      'relationships/dash/connections?decorationId=com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-16&q=search&sortType=RECENTLY_ADDED&start=0&count=10',
    );
    const first = connections.json.included.find(
      (e: Json) => e.entityUrn === connections.json.data['*elements'][0],
    );
    expect(first.connectedMember).toBe(urnOf('alan-turing'));
    expect(Date.now() - first.createdAt).toBeLessThan(60_000);
  });
  it('the invitation manager’s sent screen (sdui_2026): cards of 10 with the withdraw payload, the age in words', async () => {
    for (const slug of ['katherine-johnson', 'alan-turing']) {
      await net.post('voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2', {
        invitee: { inviteeUnion: { memberProfile: urnOf(slug) } },
      });
    }
    const screen = (startIndex: number) =>
      net.call(
        'POST',
        `/flagship-web/rsc-action/actions/pagination?sduiid=${SENT_PAGER_ID}`,
        {
          pagerId: SENT_PAGER_ID,
          clientArguments: {
            $type: 'proto.sdui.actions.requests.RequestedArguments',
            payload: { startIndex },
          },
        },
        'application/json',
      );
    const first = await screen(0);
    if (voice !== SDUI_VOICE) {
      expect(first.status).toBe(404);
      return;
    }
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/x-component');
    const ids = [...first.text.matchAll(/"invitationId":"(\d+)"\},"profileUrn":"([^"]+)"/g)].map(
      (m) => [m[1], m[2]],
    );
    expect(ids).toEqual(
      [...fake.state.invitations]
        .reverse()
        .map((i) => [i.invitationUrn.split(':').pop(), i.profileUrn]),
    );
    expect(first.text).toContain('Sent today');
    expect(first.text).toContain('invitation-manager-sent-card');
    expect((await screen(2)).text).not.toContain('invitation-manager-sent-card');
    expect(
      (
        await net.call(
          'POST',
          `/flagship-web/rsc-action/actions/pagination?sduiid=${SENT_PAGER_ID}`,
          { pagerId: 'other' },
          'application/json',
        )
      ).status,
    ).toBe(400);
  });
});
