import type { ConversationView, InboxMessageView } from '../contract/relationships.js';
import { externalLink, html, nothing, type TemplateResult, timeTag } from '../ui/html.js';
import { type followTasks, taskLine } from './followed-tasks.js';
import { labelChip } from './reply-labels.js';

/** What the inbox queues for a conversation, as the member whose inbox it is. */
export const QUEUED_KINDS = {
  reply: 'send-message',
  read: 'mark-conversation-read',
  messages: 'fetch-conversation-messages',
} as const;
export type QueuedKind = keyof typeof QUEUED_KINDS;

/** What the inbox panel knows of a conversation besides what the service said. */
interface ConversationState {
  open: boolean;
  /** The opened thread, oldest first; null while it is read. */
  thread: InboxMessageView[] | null;
  draft: string;
  error: string | undefined;
  /** Something is being queued for it: its buttons wait. */
  sending: boolean;
  /** The conversations listed are of more than one member: the card says whose inbox. */
  manyMembers: boolean;
  /** The tasks this page queued, followed until they end. */
  followed: ReturnType<typeof followTasks>;
  /** The newest task of each kind queued for it. */
  queued: Partial<Record<QueuedKind, string>>;
}

interface ConversationActions {
  toggle(): void;
  queue(kind: QueuedKind): void;
  draft(text: string): void;
}

/** The other person's newest message has a label, a failure, or waits for the job. */
function cardLabel(c: ConversationView) {
  const theirs = c.classification || c.classification_error || c.last_message?.from_me === false;
  return theirs ? labelChip(c) : nothing;
}

/**
 * A conversation of the inbox: who with, unread and awaiting a reply marked, its newest message;
 * Open shows the thread with a reply form, Mark read queues the network's mark-read, and each task
 * queued from here is followed on the card until the network has it.
 */
export function conversationCard(
  c: ConversationView,
  state: ConversationState,
  on: ConversationActions,
  now: number,
): TemplateResult {
  const urn = c.conversation_urn;
  const { followed, queued } = state;
  const people = c.participants.length
    ? c.participants
    : [{ name: 'Someone', profile_url: null, profile_urn: '' }];
  const threadId = `thread-${urn.replace(/[^A-Za-z0-9]/g, '')}`;
  return html`<li class="card conversation ${c.unread ? 'unread' : ''}" data-conversation-urn=${urn} data-awaiting=${String(c.awaiting_reply)}>
    <div class="card-head">
      <strong class="name">${people.map((p, i) => html`${i ? ', ' : nothing}${p.profile_url ? externalLink(p.profile_url, p.name) : p.name}`)}</strong>
      ${c.unread ? html`<span class="badge hot">unread</span>` : nothing}
      ${c.awaiting_reply ? html`<span class="badge warn">awaits your reply</span>` : nothing}
      ${cardLabel(c)}
      <span class="muted small conversation-when">${timeTag(c.last_activity_at, now)}</span>
    </div>
    ${
      c.last_message
        ? html`<p class="last-message small"><span class="muted">${c.last_message.from_me ? 'You: ' : ''}</span>${c.last_message.text}</p>`
        : nothing
    }
    ${state.manyMembers ? html`<p class="muted small">Inbox of ${c.member.name || c.member.email}</p>` : nothing}
    <div class="row actions">
      <button type="button" class="secondary small" aria-expanded=${String(state.open)} aria-controls=${threadId} @click=${on.toggle}>${state.open ? 'Close' : 'Open'}</button>
      ${
        c.unread
          ? html`<button type="button" class="secondary small" ?disabled=${state.sending || followed.open([queued.read])} @click=${() => on.queue('read')}>Mark read</button>`
          : nothing
      }
    </div>
    ${taskLine('Mark read', followed.get(queued.read), now)}
    ${state.open ? threadView(c, threadId, state, on, now) : nothing}
    ${taskLine('Reply', followed.get(queued.reply), now)}
    ${state.error ? html`<p class="status" data-kind="error" role="alert">${state.error}</p>` : nothing}
  </li>`;
}

function threadView(
  c: ConversationView,
  id: string,
  state: ConversationState,
  on: ConversationActions,
  now: number,
) {
  const { thread, followed, queued } = state;
  return html`<div class="thread" id=${id}>
    ${
      thread === null
        ? html`<p class="muted small">Loading…</p>`
        : thread.length
          ? html`<ol class="messages">
            ${thread.map(
              (m) => html`<li class="message ${m.from_me ? 'mine' : 'theirs'}">
                <span class="muted small">${m.from_me ? 'You' : m.sender_name || 'Them'} · ${timeTag(m.delivered_at, now)}</span>
                ${m.from_me ? nothing : labelChip(m)}
                <p>${m.text}</p>
              </li>`,
            )}
          </ol>`
          : html`<p class="muted small">No messages read yet.</p>`
    }
    <div class="row">
      <button type="button" class="link small" ?disabled=${state.sending || followed.open([queued.messages])} @click=${() => on.queue('messages')}>
        Read the conversation again from the network
      </button>
    </div>
    ${taskLine('Reading the conversation', followed.get(queued.messages), now)}
    <form
      class="reply"
      novalidate
      @submit=${(e: Event) => {
        e.preventDefault();
        on.queue('reply');
      }}
    >
      <label
        ><span>Reply <span class="muted">(sent from ${c.member.name || c.member.email}’s extension)</span></span
        ><textarea
          rows="3"
          maxlength="8000"
          .value=${state.draft}
          @input=${(e: Event) => on.draft((e.target as HTMLTextAreaElement).value)}
        ></textarea
      ></label>
      <button type="submit" class="small" ?disabled=${state.sending}>Send reply</button>
    </form>
  </div>`;
}
