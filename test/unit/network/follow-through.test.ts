import { describe, expect, it } from 'vitest';
import { TASK_OUTPUTS } from '../../../src/contract/task-io.js';
import type { TaskType } from '../../../src/contract/task-types.js';
import { FAKE_VOICES, type FakeVoice } from '../../fake-network/server.js';
import { measuredIn2026, SDUI_VOICE } from '../../fake-network/voices.js';
import { failure, fakeNetworkFor, output, QUICK_MAP } from './fake-voice.js';
import { runAsDeployed } from './run-as-deployed.js';

// The follow-through operations (inbox, replies, sent invitations, withdrawal, acceptances) through
// runTask against the fake network over real HTTPS, in every voice (test/fake-network/README.md,
// "Inbox and invitations"). One built-in map must work in all of them, including where the
// messaging queryIds rotated and only the messaging page names the current ones.

describe.each(FAKE_VOICES)('follow-through, voice %s', (voice: FakeVoice) => {
  const world = fakeNetworkFor(voice);

  const run = async (type: TaskType, input: Record<string, unknown>) => {
    const result = await runAsDeployed({ type, input }, { map: QUICK_MAP, ...world.client });
    if (result.ok)
      expect(
        TASK_OUTPUTS[type].safeParse(result.output).success,
        `${type} output fits the contract`,
      ).toBe(true);
    return result;
  };
  const person = (slug: string) => world.fake.dataset.profiles.find((p) => p.slug === slug)!;
  const urnOf = (slug: string) => `urn:li:fsd_profile:${person(slug).id}`;
  const conversationWith = (slug: string) =>
    world.fake.conversations().find((c) => c.withId === person(slug).id)!;
  const self = () => `urn:li:fsd_profile:${world.fake.dataset.self.id}`;
  const primary = () => world.fake.conversations().filter((c) => c.category === 'PRIMARY_INBOX');
  const lastAt = (c: { messages: { at: number }[] }) => c.messages.at(-1)!.at;

  it('agent_conversations_fetch: the primary inbox newest first, across pages; unread_only; the last message and who wrote it', async () => {
    const out = output(await run('agent_conversations_fetch', { unread_only: false, count: 25 }));
    const expected = primary()
      .sort((a, b) => lastAt(b) - lastAt(a))
      .slice(0, 25);
    expect(out.conversations.map((c: any) => c.last_activity_at)).toEqual(
      expected.map((c) => new Date(lastAt(c)).toISOString()),
    );
    expect(out.conversations.map((c: any) => c.participants[0].profile_urn)).toEqual(
      expected.map((c) => `urn:li:fsd_profile:${c.withId}`),
    );
    const [ada] = out.conversations;
    expect(ada).toMatchObject({
      unread: true,
      participants: [
        {
          profile_urn: urnOf('ada-lovelace'),
          name: 'Ada Lovelace',
          profile_url: expect.stringContaining('/in/ada-lovelace'),
        },
      ],
      last_message: {
        text: 'Thank you! Shall we talk on Thursday?',
        sender_urn: urnOf('ada-lovelace'),
        from_me: false,
      },
    });
    expect(ada.conversation_urn).toMatch(/^urn:li:msg_conversation:\(/);
    const margaret = out.conversations.find(
      (c: any) => c.participants[0].profile_urn === urnOf('margaret-hamilton'),
    );
    expect(margaret).toMatchObject({
      unread: false,
      last_message: { from_me: true, sender_urn: self() },
    });
    expect(
      out.conversations.some((c: any) => c.participants[0].profile_urn === urnOf('connection-20')),
    ).toBe(false); // archived

    const unread = output(
      await run('agent_conversations_fetch', { unread_only: true, count: 100 }),
    );
    expect(unread.conversations.map((c: any) => c.participants[0].profile_urn).sort()).toEqual(
      primary()
        .filter((c) => !c.read)
        .map((c) => `urn:li:fsd_profile:${c.withId}`)
        .sort(),
    );
    expect(
      output(await run('agent_conversations_fetch', { unread_only: false, count: 20 }))
        .conversations,
    ).toHaveLength(20);
  });

  it('agent_conversation_messages_fetch: newest first, the member’s own told by the sender; an unknown conversation is not_found', async () => {
    const conversationUrn = output(
      await run('agent_conversations_fetch', { unread_only: false, count: 1 }),
    ).conversations[0].conversation_urn;
    const out = output(
      await run('agent_conversation_messages_fetch', {
        conversation_urn: conversationUrn,
        count: 20,
      }),
    );
    expect(out.messages).toEqual([
      {
        text: 'Thank you! Shall we talk on Thursday?',
        sender_urn: urnOf('ada-lovelace'),
        sender_name: 'Ada Lovelace',
        from_me: false,
        delivered_at: expect.any(String),
      },
      {
        text: 'Hi Ada, your compiler post was a delight.',
        sender_urn: self(),
        sender_name: 'Grace Hopper',
        from_me: true,
        delivered_at: expect.any(String),
      },
    ]);
    expect(Date.parse(out.messages[0].delivered_at)).toBe(lastAt(conversationWith('ada-lovelace')));
    const unknown = conversationUrn.replace(/2-[^)]+\)$/, '2-bm8tc3VjaA)');
    expect(
      failure(
        await run('agent_conversation_messages_fetch', { conversation_urn: unknown, count: 20 }),
      ).code,
    ).toBe('not_found');
  });

  it('agent_conversation_mark_read and a reply with conversation_urn: the thread is read and holds the reply', async () => {
    const conversationUrn = output(
      await run('agent_conversations_fetch', { unread_only: false, count: 1 }),
    ).conversations[0].conversation_urn;
    expect(
      output(await run('agent_conversation_mark_read', { conversation_urn: conversationUrn })),
    ).toEqual({ marked_read: true });
    expect(conversationWith('ada-lovelace').read).toBe(true);
    const gone = conversationUrn.replace(/2-[^)]+\)$/, '2-bm8tc3VjaA)');
    expect(
      failure(await run('agent_conversation_mark_read', { conversation_urn: gone })).code,
    ).toBe('not_found');

    const sent = output(
      await run('agent_send_message', {
        conversation_urn: conversationUrn,
        message_text: 'Thursday at ten, then.',
      }),
    );
    expect(sent).toMatchObject({ sent: true, conversation_urn: conversationUrn });
    expect(conversationWith('ada-lovelace').messages.at(-1)).toMatchObject({
      from: world.fake.dataset.self.id,
      text: 'Thursday at ten, then.',
    });

    // A stranger who wrote first can be answered in their thread, though not messaged anew.
    const strangerThread = world.fake.reply('alan-turing', 'We have not met, but hello.');
    expect(
      output(
        await run('agent_send_message', {
          conversation_urn: strangerThread,
          message_text: 'Hello Alan.',
        }),
      ).sent,
    ).toBe(true);
    expect(
      failure(
        await run('agent_send_message', {
          profile_urn: urnOf('alan-turing'),
          message_text: 'Hello again.',
        }),
      ).code,
    ).toBe('not_first_degree');
  });

  it('agent_sent_invitations_fetch: the pending invitations newest first, with note and time where the list tells them, whatever its total says', async () => {
    const before = Date.now();
    for (const slug of ['katherine-johnson', 'alan-turing']) {
      expect(
        output(
          await run('agent_connection_request', {
            profile_urn: urnOf(slug),
            note: `Hello ${slug}`,
          }),
        ).sent,
      ).toBe(true);
    }
    const out = output(await run('agent_sent_invitations_fetch', { count: 100 }));
    expect(out.invitations.map((i: any) => i.profile_urn)).toEqual([
      urnOf('alan-turing'),
      urnOf('katherine-johnson'),
    ]);
    expect(out.invitations.map((i: any) => i.invitation_urn)).toEqual(
      [...world.fake.state.invitations].reverse().map((i) => i.invitationUrn),
    );
    expect(out.invitations[0]).toMatchObject({
      name: 'Alan Turing',
      profile_url: 'https://www.linkedin.com/in/alan-turing/',
    });
    if (voice === SDUI_VOICE) {
      // The invitation manager's screen shows an age in words and no note.
      expect(out.invitations[0]).toMatchObject({ note: null, sent_at: null });
    } else {
      expect(out.invitations[0].note).toBe('Hello alan-turing');
      expect(Date.parse(out.invitations[0].sent_at)).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(
      output(await run('agent_sent_invitations_fetch', { count: 1 })).invitations.map(
        (i: any) => i.profile_urn,
      ),
    ).toEqual([urnOf('alan-turing')]);
  });

  it('agent_invitation_withdraw: the pending invitation to that person; none is invitation_not_found, with no write', async () => {
    expect(
      output(await run('agent_connection_request', { profile_urn: urnOf('katherine-johnson') }))
        .sent,
    ).toBe(true);
    expect(
      output(await run('agent_connection_request', { profile_urn: urnOf('alan-turing') })).sent,
    ).toBe(true);
    // A server-driven list's next window is a POST that changes nothing: not a write.
    const writes = () =>
      world.fake.state.requests.filter(
        (r) => r.method === 'POST' && !r.path.endsWith('/actions/pagination'),
      ).length;
    const before = writes();
    expect(
      failure(await run('agent_invitation_withdraw', { profile_urn: urnOf('ada-lovelace') })),
    ).toMatchObject({ code: 'invitation_not_found', retryable: false });
    expect(writes()).toBe(before);
    expect(
      output(await run('agent_invitation_withdraw', { profile_urn: urnOf('katherine-johnson') })),
    ).toEqual({ withdrawn: true });
    // 2026: the server-driven request (the REST form answers 404 there); before, the REST form.
    const via = measuredIn2026(voice) ? 'sdui' : 'rest';
    expect(world.fake.state.withdrawals).toEqual([
      {
        invitationUrn: world.fake.state.invitations[0]!.invitationUrn,
        profileUrn: urnOf('katherine-johnson'),
        via,
      },
    ]);
    expect(
      output(await run('agent_sent_invitations_fetch', { count: 100 })).invitations.map(
        (i: any) => i.profile_urn,
      ),
    ).toEqual([urnOf('alan-turing')]);
    expect(
      failure(await run('agent_invitation_withdraw', { profile_urn: urnOf('katherine-johnson') }))
        .code,
    ).toBe('invitation_not_found');
  });

  it('agent_connections_fetch with since: the acceptances since then, newest first with connected_at, reading stops there', async () => {
    expect(
      output(await run('agent_connection_request', { profile_urn: urnOf('alan-turing') })).sent,
    ).toBe(true);
    const since = new Date(Date.now() - 60_000).toISOString();
    expect(
      output(await run('agent_connections_fetch', { start: 0, count: 100, since })).connections,
    ).toEqual([]);
    world.fake.accept('alan-turing');
    const reads = world.fake.state.requests.length;
    const out = output(await run('agent_connections_fetch', { start: 0, count: 100, since }));
    expect(out.connections).toHaveLength(1);
    expect(out.connections[0]).toMatchObject({
      profile_urn: urnOf('alan-turing'),
      full_name: 'Alan Turing',
    });
    expect(Date.now() - Date.parse(out.connections[0].connected_at)).toBeLessThan(60_000);
    expect(world.fake.state.requests.length - reads, 'one page is enough to reach `since`').toBe(1);

    // A month back: every connection made since, newest first, and none older.
    const monthAgo = new Date(Date.now() - 31 * 24 * 3600_000).toISOString();
    const month = output(
      await run('agent_connections_fetch', { start: 0, count: 1000, since: monthAgo }),
    ).connections;
    const expected = world.fake.dataset.profiles
      .filter((p) => p.distance === 'DISTANCE_1' && p.connectedAt! > Date.parse(monthAgo))
      .sort((a, b) => b.connectedAt! - a.connectedAt!);
    expect(month.map((c: any) => c.profile_urn)).toEqual(
      expected.map((p) => `urn:li:fsd_profile:${p.id}`),
    );
  });
});
