import type { InvitationView, SentInvitationsResponse } from '../contract/relationships.js';
import { call, errorMessage } from './api.js';
import { html, nothing, render as draw } from '../ui/html.js';
import { byId, setStatus } from './dom.js';
import type { Session } from './session.js';

const LIMIT = 100;
/** Pages of pending invitations read for "withdraw every one older than N days" (100 each). */
const MAX_PAGES = 50;

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * "Withdraw every pending invitation older than N days" under the connection requests: all the
 * pending ones are read (not only the page the list shows), counted and confirmed, then each is
 * withdrawn as its own task by `withdraw` (connection-requests.ts), which follows it.
 */
export function mountWithdrawOlder(o: {
  session(): Session | null;
  /** A withdrawal of it is already queued from this page. */
  withdrawing(inv: InvitationView): boolean;
  withdraw(session: Session, inv: InvitationView): Promise<boolean>;
}): { stop(): void } {
  const form = byId<HTMLFormElement>('withdraw-older-form');
  const days = byId<HTMLInputElement>('withdraw-older-days');
  const confirmBox = byId('withdraw-older-confirm');
  const status = byId('withdraw-older-status');
  let bulk: { days: number; invitations: InvitationView[] } | null = null;

  async function countOlder(e: Event) {
    e.preventDefault();
    const s = o.session();
    if (!s) return;
    const n = days.valueAsNumber;
    if (!Number.isInteger(n) || n < 1 || n > 365) {
      setStatus(status, 'Say after how many days: a whole number from 1 to 365.', 'error');
      days.setAttribute('aria-invalid', 'true');
      return;
    }
    days.removeAttribute('aria-invalid');
    setStatus(status, '');
    try {
      // age_days counts whole days: 14 means sent 14 to 15 days ago, so older than 14 days.
      const pending = await allPending(s);
      bulk = { days: n, invitations: pending.filter((i) => i.age_days >= n && !o.withdrawing(i)) };
    } catch (err) {
      setStatus(status, errorMessage(err), 'error');
    }
    paint();
  }

  async function withdrawOlder() {
    const s = o.session();
    if (!s || !bulk) return;
    const chosen = bulk.invitations;
    cancel();
    let queued = 0;
    for (const inv of chosen) if (await o.withdraw(s, inv)) queued++;
    const refused = chosen.length - queued;
    setStatus(
      status,
      `Queued ${plural(queued, 'withdrawal')}${refused ? `; ${refused} refused (see each one)` : ''}. Each runs in its sender’s extension, within their withdrawal budget.`,
      refused ? 'error' : 'ok',
    );
  }

  function cancel() {
    bulk = null;
    paint();
  }

  function paint() {
    if (!bulk) return draw(nothing, confirmBox);
    const count = bulk.invitations.length;
    draw(
      html`<div class="confirm" role="alert">
        ${
          count
            ? html`<p>
                Withdraw <strong>${plural(count, 'pending invitation')}</strong> sent ${bulk.days} or more days ago? Each is queued
                as its own task. A withdrawn person cannot be invited again for about three weeks.
              </p>
              <div class="row">
                <button type="button" class="danger small" @click=${() => void withdrawOlder()}>Withdraw ${count}</button>
                <button type="button" class="secondary small" @click=${cancel}>Cancel</button>
              </div>`
            : html`<p>No pending invitation was sent ${bulk.days} or more days ago.</p>
              <button type="button" class="secondary small" @click=${cancel}>OK</button>`
        }
      </div>`,
      confirmBox,
    );
  }

  form.addEventListener('submit', (e) => void countOlder(e));

  return {
    stop() {
      cancel();
      setStatus(status, '');
    },
  };
}

/** Every pending invitation, all pages: the bulk withdrawal must not stop at what the list shows. */
async function allPending(s: Session): Promise<InvitationView[]> {
  const all: InvitationView[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await call<SentInvitationsResponse>('GET', '/api-invitations', {
      session: s,
      query: { status: 'pending', limit: LIMIT, page },
    });
    all.push(...answer.data);
    if (all.length >= answer.count || answer.data.length < LIMIT) break;
  }
  return all;
}
