import type {
  ConversationResponse,
  ConversationView,
  InboxMessageView,
  InboxResponse,
} from '../contract/relationships.js';
import type { TeamView } from '../contract/members.js';
import type { TeamReplyLabel } from '../contract/reply-labels.js';
import type { TaskCreatedResponse } from '../contract/network-tasks.js';
import { call, errorMessage } from './api.js';
import { externalLink, html, nothing, render as draw, timeTag } from '../ui/html.js';
import { byId, setStatus } from './dom.js';
import { followTasks, taskLine } from './followed-tasks.js';
import type { Session } from './session.js';
import { singleFlight } from './single-flight.js';
import { labelChip, labelChoices, labelWords, NOT_CONFIGURED } from './reply-labels.js';

const LIMIT = 50;

/**
 * The members' inboxes as the service keeps them (GET /api-inbox, docs/relationships.md): replies
 * waiting for an answer first, unread marked. Opening one shows its messages (GET
 * /api-inbox/{urn}); Reply and Mark read queue send-message with the conversation_urn and
 * mark-conversation-read as the member whose inbox it is, so they run in that member's extension
 * and the card follows each task until the network has it. Each conversation shows the label the
 * team's model gave the other person's newest message, each opened message its own, and the list
 * filters by label (`?classification=`, docs/ai.md "Replies sorted").
 */
export function mountInbox(): {
  start(session: Session): void;
  refresh(): Promise<void>;
  tasksChanged(): Promise<void>;
  stop(): void;
} {
  const list = byId('inbox-list');
  const status = byId('inbox-status');
  const unreadOnly = byId<HTMLInputElement>('inbox-unread');
  const readNow = byId<HTMLButtonElement>('inbox-read-now');
  const readNowLine = byId('inbox-read-now-task');
  let session: Session | null = null;
  let conversations: ConversationView[] = [];
  let loaded = false;
  let openUrn: string | null = null;
  let thread: InboxMessageView[] | null = null;
  const drafts = new Map<string, string>();
  const errors = new Map<string, string>();
  /** urn -> the newest reply, mark-read and read of its messages this page queued for it. */
  const queued = new Map<string, { reply?: string; read?: string; messages?: string }>();
  const followed = followTasks(() => paint());
  let sending: string | null = null;
  let readTask: string | undefined;
  /** Conversations of more than one member are listed: each card says whose inbox it is in. */
  let manyMembers = false;
  /** The label filter sits beside "Unread only" in the panel's head. */
  const filterBox = document.createElement('span');
  filterBox.className = 'inbox-label-filter';
  unreadOnly.closest('label')?.after(filterBox);
  let labelFilter = '';
  let teamLabels: TeamReplyLabel[] = [];
  /** The service has no model: nothing is sorted, and the filter would only ever be empty. */
  let sortingOff = false;

  async function load() {
    const s = session;
    if (!s) return;
    try {
      const answer = await call<InboxResponse>('GET', '/api-inbox', {
        session: s,
        query: {
          unread: unreadOnly.checked ? 'true' : undefined,
          classification: labelFilter || undefined,
          limit: LIMIT,
        },
      });
      if (s !== session) return;
      sortingOff = answer.data.some((c) => c.classification_error === NOT_CONFIGURED);
      // Replies waiting for an answer first; newest activity first within each (the API's order).
      conversations = [...answer.data].sort(
        (a, b) => Number(b.awaiting_reply) - Number(a.awaiting_reply),
      );
      loaded = true;
      manyMembers = new Set(answer.data.map((c) => c.member.email)).size > 1;
      const waiting = answer.data.filter((c) => c.awaiting_reply).length;
      setStatus(
        status,
        answer.count > answer.data.length
          ? `Showing the latest ${answer.data.length} of ${answer.count}.`
          : waiting
            ? `${waiting} waiting for your answer.`
            : '',
      );
      if (openUrn) await loadThread(s, openUrn);
    } catch (err) {
      if (s === session) setStatus(status, errorMessage(err), 'error');
    }
    paint();
  }
  const refresh = singleFlight(load);

  /** The team's own labels (GET /api-team), offered beside the built-in ones. */
  async function loadTeamLabels(s: Session) {
    try {
      const view = await call<TeamView>('GET', '/api-team', { auth: 'member', session: s });
      if (s !== session) return;
      teamLabels = view.team.reply_labels;
      paint();
    } catch {
      // The built-in labels still filter; the members panel reports a team view that fails.
    }
  }

  async function loadThread(s: Session, urn: string) {
    try {
      const answer = await call<ConversationResponse>(
        'GET',
        `/api-inbox/${encodeURIComponent(urn)}`,
        { session: s, query: { limit: 50 } },
      );
      if (s === session && openUrn === urn) thread = [...answer.messages].reverse();
    } catch (err) {
      errors.set(urn, errorMessage(err));
    }
  }

  async function toggle(c: ConversationView) {
    const s = session;
    if (!s) return;
    if (openUrn === c.conversation_urn) {
      openUrn = null;
      thread = null;
      paint();
      return;
    }
    openUrn = c.conversation_urn;
    thread = null;
    paint();
    await loadThread(s, c.conversation_urn);
    paint();
  }

  const ENDPOINTS = {
    reply: 'send-message',
    read: 'mark-conversation-read',
    messages: 'fetch-conversation-messages',
  } as const;

  async function queue(c: ConversationView, kind: keyof typeof ENDPOINTS) {
    const s = session;
    if (!s) return;
    const urn = c.conversation_urn;
    const text = (drafts.get(urn) ?? '').trim();
    if (kind === 'reply' && !text) {
      errors.set(urn, 'Write the reply first.');
      paint();
      return;
    }
    errors.delete(urn);
    sending = urn;
    paint();
    try {
      const body =
        kind === 'reply'
          ? { conversation_urn: urn, message_text: text, member_email: c.member.email }
          : { conversation_urn: urn, member_email: c.member.email };
      const answer = await call<TaskCreatedResponse>('POST', `/network-agent/${ENDPOINTS[kind]}`, {
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
      paint();
    }
  }

  /** The signed-in member's own inbox, read now rather than at the next sync. */
  async function readInboxNow() {
    const s = session;
    if (!s) return;
    readNow.disabled = true;
    try {
      const answer = await call<TaskCreatedResponse>('POST', '/network-agent/fetch-conversations', {
        auth: 'member',
        session: s,
        body: { member_email: s.user.email, count: 20 },
      });
      readTask = answer.api_agent_task_id;
      followed.add(readTask);
    } catch (err) {
      setStatus(status, errorMessage(err), 'error');
    } finally {
      readNow.disabled = false;
    }
  }

  function paint() {
    const now = Date.now();
    draw(taskLine('Reading your inbox', followed.get(readTask), now), readNowLine);
    readNow.disabled = followed.open([readTask]);
    if (!loaded) return;
    draw(filterView(), filterBox);
    draw(
      conversations.length
        ? conversations.map((c) => card(c, now))
        : html`<li class="empty">${emptyWords()}</li>`,
      list,
    );
  }

  function emptyWords(): string {
    const unread = unreadOnly.checked ? 'unread ' : '';
    if (labelFilter) return `No ${unread}conversation labelled “${labelWords(labelFilter)}”.`;
    if (unread) return 'No unread conversations.';
    return 'No conversations yet: the service reads each member’s inbox every few hours once they invite or message someone through it.';
  }

  /** Without a model nothing is sorted (docs/ai.md): no filter that could only come back empty. */
  function filterView() {
    if (sortingOff && !labelFilter) return nothing;
    return html`<label class="compact"><span class="visually-hidden">Label of the newest reply</span><select id="inbox-label" @change=${(
      e: Event,
    ) => {
      labelFilter = (e.target as HTMLSelectElement).value;
      void refresh();
    }}><option value="">Any label</option>${labelChoices(teamLabels).map(
      (l) =>
        html`<option value=${l.name} title=${l.description ?? nothing} ?selected=${labelFilter === l.name}>${l.words}</option>`,
    )}</select></label>`;
  }

  /** The other person's newest message has a label, a failure, or waits for the job. */
  function cardLabel(c: ConversationView) {
    const theirs = c.classification || c.classification_error || c.last_message?.from_me === false;
    return theirs ? labelChip(c) : nothing;
  }

  function card(c: ConversationView, now: number) {
    const urn = c.conversation_urn;
    const open = openUrn === urn;
    const mine = queued.get(urn);
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
      ${manyMembers ? html`<p class="muted small">Inbox of ${c.member.name || c.member.email}</p>` : nothing}
      <div class="row actions">
        <button type="button" class="secondary small" aria-expanded=${String(open)} aria-controls=${threadId} @click=${() => void toggle(c)}>${open ? 'Close' : 'Open'}</button>
        ${
          c.unread
            ? html`<button type="button" class="secondary small" ?disabled=${sending === urn || followed.open([mine?.read])} @click=${() => void queue(c, 'read')}>Mark read</button>`
            : nothing
        }
      </div>
      ${taskLine('Mark read', followed.get(mine?.read), now)}
      ${open ? threadView(c, threadId, now) : nothing}
      ${taskLine('Reply', followed.get(mine?.reply), now)}
      ${errors.has(urn) ? html`<p class="status" data-kind="error" role="alert">${errors.get(urn)}</p>` : nothing}
    </li>`;
  }

  function threadView(c: ConversationView, id: string, now: number) {
    const urn = c.conversation_urn;
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
        <button type="button" class="link small" ?disabled=${sending === urn || followed.open([queued.get(urn)?.messages])} @click=${() => void queue(c, 'messages')}>
          Read the conversation again from the network
        </button>
      </div>
      ${taskLine('Reading the conversation', followed.get(queued.get(urn)?.messages), now)}
      <form
        class="reply"
        novalidate
        @submit=${(e: Event) => {
          e.preventDefault();
          void queue(c, 'reply');
        }}
      >
        <label
          ><span>Reply <span class="muted">(sent from ${c.member.name || c.member.email}’s extension)</span></span
          ><textarea
            rows="3"
            maxlength="8000"
            .value=${drafts.get(urn) ?? ''}
            @input=${(e: Event) => drafts.set(urn, (e.target as HTMLTextAreaElement).value)}
          ></textarea
        ></label>
        <button type="submit" class="small" ?disabled=${sending === urn}>Send reply</button>
      </form>
    </div>`;
  }

  unreadOnly.addEventListener('change', () => void refresh());
  readNow.addEventListener('click', () => void readInboxNow());

  return {
    start(s) {
      session = s;
      followed.start(s);
      void refresh();
      void loadTeamLabels(s);
    },
    refresh,
    tasksChanged: () => followed.refresh(),
    stop() {
      session = null;
      followed.stop();
      conversations = [];
      loaded = false;
      openUrn = null;
      thread = null;
      queued.clear();
      readTask = undefined;
      draw(nothing, readNowLine);
      drafts.clear();
      errors.clear();
      labelFilter = '';
      teamLabels = [];
      sortingOff = false;
      draw(nothing, filterBox);
      draw(nothing, list);
      setStatus(status, '');
    },
  };
}
