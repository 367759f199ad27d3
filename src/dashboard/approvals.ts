import type { ApprovalListResponse, ApprovalView, ContactFact } from '../contract/approvals.js';
import { call } from './api.js';
import { html } from '../ui/html.js';
import { byId } from './dom.js';
import { mountPanel } from './panel.js';
import type { Session } from './session.js';
import { kindWords } from './task-words.js';

/**
 * Writes queued by AI clients awaiting approval (docs/mcp.md): each with the exact text it would
 * send, editable, approved or rejected in one click by an admin or the member it runs as. The panel
 * shows only while something waits.
 */
export function mountApprovals(): {
  start(session: Session): void;
  refresh(): Promise<void>;
  stop(): void;
} {
  const panel = byId('approvals');
  const life = mountPanel({
    status: byId('approvals-status'),
    list: byId('approvals-list'),
    fetch: (session) =>
      call<ApprovalListResponse>('GET', '/api-approvals', { auth: 'member', session }),
    items: (answer) => answer.approvals,
    item,
    // Seen only where the panel is shown without waiting writes: it hides while none waits.
    empty: () =>
      'Nothing waits for approval. Writes an AI assistant queues in a member’s name appear here first.',
    drawn({ answer }) {
      panel.hidden = !answer?.count;
    },
  });

  function item(a: ApprovalView) {
    const by =
      a.queued_by?.kind === 'ai'
        ? `drafted by your team’s AI (${a.queued_by.model ?? 'a model'})`
        : `queued by ${a.queued_by?.client ?? 'an AI client'}`;
    return html`<li class="approval" data-task-id=${a.task_id}>
      <p><strong>${kindWords(a.type)} ${a.target.label}</strong>
        as ${a.member_name ?? a.member_email ?? 'the oldest admin'}
        <small>${by}, expires ${a.expires_at.slice(0, 16).replace('T', ' ')} UTC</small></p>
      ${contactNotice(a)}
      ${
        a.text_field
          ? html`<label>Text it sends<textarea name="text" rows="3" ?readonly=${!a.can_decide}
              .value=${a.text ?? ''}></textarea></label>`
          : null
      }
      ${
        a.can_decide
          ? html`<div class="actions">
              <button type="button" @click=${(e: Event) => approve(a, e)}>Approve</button>
              <button type="button" class="danger" @click=${() => reject(a)}>Reject</button>
            </div>`
          : html`<p class="hint">Only an admin or ${a.member_email} may decide it.</p>`
      }
    </li>`;
  }

  function approve(a: ApprovalView, e: Event) {
    const box = (e.target as HTMLElement).closest('li')?.querySelector('textarea');
    const text = box && box.value.trim() !== (a.text ?? '').trim() ? box.value : undefined;
    return decide(
      `/api-approvals/${a.task_id}/approve`,
      text === undefined ? {} : { text },
      'Approved',
    );
  }

  const reject = (a: ApprovalView) =>
    decide(`/api-approvals/${a.task_id}/reject`, undefined, 'Rejected');

  const decide = (path: string, body: Record<string, unknown> | undefined, done: string) =>
    life.act((session) => call('POST', path, { auth: 'member', session, body }), done);

  return { start: (s) => void life.start(s), refresh: life.refresh, stop: life.stop };
}

/**
 * Another member's recent contact with the person (docs/team-pool.md "The gate"): the approver
 * sees that the asker forced past it, or that it stands, before approving passes it.
 */
function contactNotice(a: ApprovalView) {
  if (a.forced_over)
    return html`<p class="notice contact-notice">Forced past the contact window:
      ${contactWords(a.forced_over)}.</p>`;
  if (a.recent_contact)
    return html`<p class="notice contact-notice">Contacted recently:
      ${contactWords(a.recent_contact)}; approving sends it anyway.</p>`;
  return null;
}

/** `invited by bob@acme.example on 2026-11-20`. */
function contactWords(c: ContactFact): string {
  return `${c.kind} by ${c.member_email ?? 'a former member'} on ${c.at.slice(0, 10)}`;
}
