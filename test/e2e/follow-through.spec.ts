import { expect, test } from '@playwright/test';
import type { FakeNetwork, FakeVoice } from '../fake-network/server.js';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import {
  publicApi,
  signInThroughPopup,
  startAgentWorld,
  type AgentWorld,
} from './support/harness.js';

/**
 * Follow-through end to end, the network's side: the real extension in Chromium runs the
 * inbox, reply, mark-read, sent-invitations, withdrawal and acceptance tasks the public API queues,
 * against the fake network. In `today` the messaging queryIds the map lists answer; in
 * `measured_2026` they rotated, and the content script learns the current one from the messaging
 * page it loads itself, in the browser.
 */

const ADMIN = 'grace@example.com';
const VOICES: FakeVoice[] = ['today', 'measured_2026', 'sdui_2026'];

for (const voice of VOICES) {
  test.describe(`follow-through, voice ${voice}`, () => {
    let world: AgentWorld;
    let fake: FakeNetwork;
    let api: ReturnType<typeof publicApi>;

    test.describe.configure({ mode: 'serial' });
    test.setTimeout(240_000);

    test.beforeAll(async () => {
      world = await startAgentWorld(`follow-${voice}`, voice);
      fake = world.fake;
    });
    test.afterAll(async () => world?.stop());

    const urnOf = (slug: string) =>
      `urn:li:fsd_profile:${fake.dataset.profiles.find((p) => p.slug === slug)!.id}`;
    async function done(op: string, body: Record<string, unknown>) {
      const task = await api.finished(await api.create(op, body), 90_000);
      if (task.status !== 'completed')
        throw new Error(`${op} ${task.status}: ${JSON.stringify(task.error)}`);
      return task.task_output as Record<string, any>;
    }

    test('inbox, reply and mark read; invitations, withdrawal and an acceptance', async () => {
      const creds = await signInThroughPopup(
        world.popup,
        world.browser.context,
        world.service.outboxDir,
        ADMIN,
        'Grace Hopper',
        { pace: 'fast' },
      );
      api = publicApi(E2E_SERVICE_URL, creds.api_key);

      const inbox = await done('fetch-conversations', { count: 25 });
      expect(inbox.conversations).toHaveLength(25);
      const [ada] = inbox.conversations;
      expect(ada).toMatchObject({
        unread: true,
        participants: [{ profile_urn: urnOf('ada-lovelace'), name: 'Ada Lovelace' }],
        last_message: { from_me: false, text: 'Thank you! Shall we talk on Thursday?' },
      });
      // Where the hashes rotated, only the page names the one that answers: the tab read it.
      const conversationCalls = fake.state.requests.filter(
        (r) =>
          r.path.endsWith('/voyagerMessagingGraphQL/graphql') &&
          r.rawQuery.includes('messengerConversations'),
      );
      expect(conversationCalls.at(-1)!.status).toBe(200);
      if (voice === 'measured_2026')
        expect(conversationCalls.at(-1)!.rawQuery).toContain(
          'messengerConversations.3f1c9e2ab8d74e05a6c1d0b9e8f7a6b5',
        );

      const thread = await done('fetch-conversation-messages', {
        conversation_urn: ada.conversation_urn,
      });
      expect(thread.messages.map((m: any) => m.from_me)).toEqual([false, true]);
      await done('send-message', {
        conversation_urn: ada.conversation_urn,
        message_text: 'Thursday at ten.',
      });
      expect(
        fake
          .conversations()
          .find(
            (c) => c.withId === fake.dataset.profiles.find((p) => p.slug === 'ada-lovelace')!.id,
          )!
          .messages.at(-1)!.text,
      ).toBe('Thursday at ten.');
      expect(
        await done('mark-conversation-read', { conversation_urn: ada.conversation_urn }),
      ).toEqual({ marked_read: true });

      await done('send-connection-request', { profile_urn: urnOf('katherine-johnson') });
      await done('send-connection-request', { profile_urn: urnOf('alan-turing') });
      const sent = await done('fetch-sent-invitations', {});
      expect(sent.invitations.map((i: any) => i.profile_urn)).toEqual([
        urnOf('alan-turing'),
        urnOf('katherine-johnson'),
      ]);

      const since = new Date(Date.now() - 60_000).toISOString();
      fake.accept('alan-turing');
      const accepted = await done('fetch-connections', { since, count: 100 });
      expect(accepted.connections.map((c: any) => c.profile_urn)).toEqual([urnOf('alan-turing')]);

      expect(
        await done('withdraw-connection-request', { profile_urn: urnOf('katherine-johnson') }),
      ).toEqual({ withdrawn: true });
      // 2026: the server-driven request, from the tab (the REST form answers 404 there).
      expect(fake.state.withdrawals).toEqual([
        expect.objectContaining({
          profileUrn: urnOf('katherine-johnson'),
          via: voice === 'today' ? 'rest' : 'sdui',
        }),
      ]);
      const none = await api.finished(
        await api.create('withdraw-connection-request', { profile_urn: urnOf('ada-lovelace') }),
        90_000,
      );
      expect(none).toMatchObject({ status: 'failed', error: { code: 'invitation_not_found' } });
    });
  });
}
