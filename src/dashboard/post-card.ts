import type { CollectedPost, SeniorityLevel } from '../contract/posts.js';
import { externalLink, html, nothing, timeTag } from '../ui/html.js';
import type { Engagement } from './engagement.js';
import { errorSentence, statusWords } from './task-words.js';

/** One collected post as a card: who wrote it, what, its numbers, and Like / Comment with their progress. */

export const SENIORITY_LABELS: Record<SeniorityLevel, string> = {
  owner: 'Owner / founder',
  cxo: 'C-level',
  vp: 'VP',
  director: 'Director',
  manager: 'Manager',
  senior: 'Senior',
  entry: 'Entry level',
  intern: 'Intern',
  unknown: 'Unknown',
};

/** Characters shown before "Show more": fewer on a phone, where 420 characters fill the screen. */
const LONG_POST = matchMedia('(max-width: 520px)').matches ? 260 : 420;

export interface PostCardState {
  full: boolean;
  /** The comment box is open, with what is typed so far. */
  commenting: boolean;
  draft: string;
  /** A refused like or comment: the service's message. */
  error: string;
  sending: boolean;
}

interface PostCardActions {
  toggleFull(): void;
  like(): void;
  openComment(): void;
  closeComment(): void;
  typed(text: string): void;
  sendComment(): void;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function shorten(text: string): string {
  return text.length > LONG_POST ? `${text.slice(0, LONG_POST).trimEnd()}…` : text;
}

const STEPS = ['pending', 'processing', 'completed'] as const;

/** "Like as Acme: queued → running → done", the current step marked; or the failure in words. */
function engagementLine(e: Engagement, now: number) {
  const what = e.kind === 'like' ? 'Like' : 'Comment';
  const as = e.asCompany ? html` as <strong>${e.asCompany}</strong>` : nothing;
  if (e.status === 'failed') {
    return html`<p class="engagement failed" data-kind=${e.kind} data-status="failed">
      <strong>${what} failed</strong>${as}: ${e.error ? errorSentence(e.error) : 'the task failed.'}
    </p>`;
  }
  if (e.status === 'completed') {
    return html`<p class="engagement done" data-kind=${e.kind} data-status="completed">
      ${e.kind === 'like' ? 'Liked' : 'Commented'}${as} ✓ <span class="muted">${timeTag(e.createdAt, now)}</span>
    </p>`;
  }
  const at = e.status === 'awaiting_approval' ? -1 : STEPS.indexOf(e.status);
  return html`<p class="engagement" data-kind=${e.kind} data-status=${e.status}>
    <strong>${what}</strong>${as}:
    <span class="steps" aria-label=${`${statusWords(e.status)}`}>${STEPS.map(
      (s, i) => html`${i ? html`<span class="arrow" aria-hidden="true">→</span>` : nothing}<span
          class="step ${i < at ? 'past' : i === at ? 'current' : ''}"
          >${statusWords(s)}</span
        >`,
    )}</span>
    ${
      e.waiting
        ? html`<span class="waits"> — waits${e.waiting.at ? html`, runs ${timeTag(e.waiting.at, now)}` : nothing}: ${e.waiting.reason}</span>`
        : nothing
    }
  </p>`;
}

export function postCard(
  p: CollectedPost,
  engagements: Engagement[],
  state: PostCardState,
  on: PostCardActions,
  actAs: string,
  now: number,
) {
  const long = p.content.length > LONG_POST;
  const posted = new Date(p.posted_at);
  const likeOpen = engagements.some(
    (e) => e.kind === 'like' && (e.status === 'pending' || e.status === 'processing'),
  );
  const liked = p.liked || engagements.some((e) => e.kind === 'like' && e.status === 'completed');
  const commented =
    p.commented || engagements.some((e) => e.kind === 'comment' && e.status === 'completed');
  return html`<li class="card post" data-post-id=${p.id}>
    <div class="card-head">
      ${externalLink(p.author_url, p.author_name || 'Unknown author', 'author')}
      ${p.seniority_level && p.seniority_level !== 'unknown' ? html`<span class="badge">${SENIORITY_LABELS[p.seniority_level] ?? p.seniority_level}</span>` : nothing}
      ${p.trending_score >= 2 ? html`<span class="badge hot">trending</span>` : nothing}
      <time class="muted small posted" datetime=${p.posted_at}>${Number.isNaN(posted.getTime()) ? p.posted_at : dateFormat.format(posted)}</time>
    </div>
    <p class="content">${state.full ? p.content : shorten(p.content)}</p>
    ${long ? html`<button type="button" class="more link" aria-expanded=${String(state.full)} @click=${on.toggleFull}>${state.full ? 'Show less' : 'Show more'}</button>` : nothing}
    <div class="post-foot small">
      <span class="metrics">${`${count(p.likes_count, 'like')} · ${count(p.comments_count, 'comment')} · ${count(p.shares_count, 'share')}`}${p.counts_known === false ? html` <span class="muted" title="The network did not give every count of this post: a 0 may be unknown">(not all known)</span>` : nothing}</span>
      ${liked ? html`<span class="badge good">liked</span>` : nothing}
      ${commented ? html`<span class="badge good">commented</span>` : nothing}
      ${externalLink(p.linkedin_post_url, 'Open post', 'open')}
    </div>
    <div class="post-actions">
      <button type="button" class="secondary small" data-action="like" title=${`Like ${actAs}`} ?disabled=${liked || likeOpen || state.sending} @click=${on.like}>
        ${liked ? 'Liked' : likeOpen ? 'Liking…' : 'Like'}
      </button>
      <button type="button" class="secondary small" data-action="comment" aria-expanded=${String(state.commenting)} @click=${state.commenting ? on.closeComment : on.openComment}>
        Comment
      </button>
    </div>
    ${engagements.map((e) => engagementLine(e, now))}
    ${
      state.commenting
        ? html`<form class="comment-box" novalidate @submit=${(ev: Event) => {
            ev.preventDefault();
            on.sendComment();
          }}>
          <label>Comment ${actAs}<textarea rows="3" .value=${state.draft} @input=${(ev: Event) => on.typed((ev.target as HTMLTextAreaElement).value)}></textarea></label>
          <p class="hint">The network cuts comments at about 1,250 characters${state.draft.length > 1250 ? html` — <strong>this one is ${state.draft.length}</strong>` : nothing}.</p>
          <div class="row">
            <button type="submit" class="small" ?disabled=${state.sending}>Post comment</button>
            <button type="button" class="secondary small" @click=${on.closeComment}>Cancel</button>
          </div>
        </form>`
        : nothing
    }
    ${state.error ? html`<p class="status" data-kind="error" role="alert">${state.error}</p>` : nothing}
  </li>`;
}
