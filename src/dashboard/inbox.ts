import type { ConversationView, InboxResponse } from '../contract/relationships.js';
import type { TaskCreatedResponse } from '../contract/network-tasks.js';
import { call, errorMessage } from './api.js';
import type { TemplateResult } from '../ui/html.js';
import { byId } from './dom.js';
import { followTasks } from './followed-tasks.js';
import { mountPanel } from './panel.js';
import type { Session } from './session.js';
import { inboxAnswer, inboxEmpty, inboxNote } from './inbox-answer.js';
import { conversationCard, QUEUED_KINDS, type QueuedKind } from './inbox-card.js';
import { mountLabelFilter } from './inbox-filter.js';
import { mountReadNow } from './inbox-read-now.js';
import { openedThread } from './inbox-thread.js';

const LIMIT = 50;

/**
 * The members' inboxes as the service keeps them (GET /api-inbox, docs/relationships.md): replies
 * waiting for an answer first, unread marked. Opening one shows its messages (inbox-thread.ts);
 * Reply and Mark read queue send-message with the conversation_urn and mark-conversation-read as
 * the member whose inbox it is, so they run in that member's extension and the card follows each
 * task until the network has it. Each conversation shows the label the team's model gave the
 * other person's newest message, each opened message its own, and the list filters by label
 * (inbox-filter.ts).
 */
export function mountInbox(): {
  start(session: Session): void;
  refresh(): Promise<void>;
  tasksChanged(): Promise<void>;
  stop(): void;
} {
  const unreadOnly = byId<HTMLInputElement>('inbox-unread');
  const drafts = new Map<string, string>();
  /** Why the last thing asked of a conversation failed, said on its card. */
  const errors = new Map<string, string>();
  /** urn -> the newest task of each kind this page queued for it. */
  const queued = new Map<string, Partial<Record<QueuedKind, string>>>();
  const followed = followTasks(() => life.show());
  /** The conversation something is being queued for: its buttons wait. */
  let sending: string | null = null;
  const filter = mountLabelFilter(unreadOnly.closest('label'), {
    chosen: () => void life.reload(),
    labelsRead: () => life.show(),
  });
  const thread = openedThread(
    () => life.session,
    () => life.show(),
    (urn, message) => errors.set(urn, message),
  );

  const life = mountPanel({
    status: byId('inbox-status'),
    list: byId('inbox-list'),
    fetch: async (session) => {
      const unread = unreadOnly.checked;
      const label = filter.value();
      const answer = await call<InboxResponse>('GET', '/api-inbox', {
        session,
        query: {
          unread: unread ? 'true' : undefined,
          classification: label || undefined,
          limit: LIMIT,
        },
      });
      await thread.listed(session);
      return inboxAnswer(answer, unread, label);
    },
    note: inboxNote,
    items: (a) => a.conversations,
    key: (c) => c.conversation_urn,
    item: card,
    empty: inboxEmpty,
    drawn({ answer }) {
      readNow.draw();
      filter.draw(answer);
    },
  });
  const readNow = mountReadNow(followed, life);

  /** A reply, a mark-read or a read of the messages, queued as the member whose inbox it is. */
  async function queue(c: ConversationView, kind: QueuedKind) {
    const s = life.session;
    if (!s) return;
    const urn = c.conversation_urn;
    const text = (drafts.get(urn) ?? '').trim();
    if (kind === 'reply' && !text) {
      errors.set(urn, 'Write the reply first.');
      return life.show();
    }
    errors.delete(urn);
    sending = urn;
    life.show();
    const body = {
      conversation_urn: urn,
      ...(kind === 'reply' ? { message_text: text } : {}),
      member_email: c.member.email,
    };
    try {
      const path = `/network-agent/${QUEUED_KINDS[kind]}`;
      const answer = await call<TaskCreatedResponse>('POST', path, {
        auth: 'member',
        session: s,
        body,
      });
      queued.set(urn, { ...queued.get(urn), [kind]: answer.api_agent_task_id });
      if (kind === 'reply') drafts.delete(urn);
      followed.add(answer.api_agent_task_id);
    } catch (err) {
      errors.set(urn, errorMessage(err));
    } finally {
      sending = null;
      life.show();
    }
  }

  function card(c: ConversationView, now: number): TemplateResult {
    const urn = c.conversation_urn;
    const state = {
      open: thread.isOpen(urn),
      thread: thread.messages(),
      draft: drafts.get(urn) ?? '',
      error: errors.get(urn),
      sending: sending === urn,
      manyMembers: life.answer?.manyMembers ?? false,
      followed,
      queued: queued.get(urn) ?? {},
    };
    const on = {
      toggle: () => void thread.toggle(urn),
      queue: (kind: QueuedKind) => void queue(c, kind),
      draft: (text: string) => drafts.set(urn, text),
    };
    return conversationCard(c, state, on, now);
  }

  unreadOnly.addEventListener('change', () => void life.reload());

  return {
    start(s) {
      followed.start(s);
      void life.start(s);
      void filter.start(s);
    },
    refresh: life.refresh,
    tasksChanged: () => followed.refresh(),
    stop() {
      followed.stop();
      thread.close();
      queued.clear();
      readNow.stop();
      drafts.clear();
      errors.clear();
      filter.stop();
      life.stop();
    },
  };
}
