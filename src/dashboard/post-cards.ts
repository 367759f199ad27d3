import type { CollectedPost } from '../contract/posts.js';
import type { TemplateResult } from '../ui/html.js';
import type { mountActAs } from './act-as.js';
import { errorMessage } from './api.js';
import type { createEngagements } from './engagement.js';
import { postCard, type PostCardState } from './post-card.js';

/**
 * The posts panel's cards with what each keeps of its own (the full text open, the comment box
 * with what is typed), and the member's Like and Comment on them, as whom the act-as field says.
 */
export function postCards(o: {
  list: HTMLElement;
  actAs: ReturnType<typeof mountActAs>;
  engagements: ReturnType<typeof createEngagements>;
  /** Something on a card changed: draw the list again. */
  changed(): void;
}): { card(p: CollectedPost, now: number): TemplateResult; clear(): void } {
  const cards = new Map<string, PostCardState>();
  const cardState = (id: string): PostCardState => {
    let s = cards.get(id);
    if (!s) {
      s = { full: false, commenting: false, draft: '', error: '', sending: false };
      cards.set(id, s);
    }
    return s;
  };

  async function engage(postId: string, kind: 'like' | 'comment') {
    const actor = o.actAs.current();
    if (!actor) return;
    const state = cardState(postId);
    state.sending = true;
    state.error = '';
    o.changed();
    try {
      if (kind === 'like') await o.engagements.like(postId, actor);
      else {
        if (!state.draft.trim()) throw new Error('Write the comment first.');
        await o.engagements.comment(postId, actor, state.draft);
        state.commenting = false;
        state.draft = '';
      }
      o.actAs.used(actor);
    } catch (err) {
      state.error = errorMessage(err);
    } finally {
      state.sending = false;
      o.changed();
    }
  }

  function card(p: CollectedPost, now: number) {
    const state = cardState(p.id);
    const on = {
      toggleFull: () => {
        state.full = !state.full;
        o.changed();
      },
      like: () => void engage(p.id, 'like'),
      openComment: () => {
        state.commenting = true;
        o.changed();
        o.list.querySelector<HTMLTextAreaElement>(`[data-post-id="${p.id}"] textarea`)?.focus();
      },
      closeComment: () => {
        state.commenting = false;
        state.error = '';
        o.changed();
      },
      typed: (text: string) => {
        // Redrawn only while the length warning shows or goes: typing stays cheap.
        const wasLong = state.draft.length > 1250;
        state.draft = text;
        if (wasLong || text.length > 1250) o.changed();
      },
      sendComment: () => void engage(p.id, 'comment'),
    };
    return postCard(p, o.engagements.of(p.id), state, on, o.actAs.label(), now);
  }

  return { card, clear: () => cards.clear() };
}
