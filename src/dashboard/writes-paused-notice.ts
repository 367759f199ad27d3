import type { TeamView } from '../contract/members.js';
import { html, nothing, render as draw } from '../ui/html.js';
import { manyWords } from '../contract/task-kinds.js';

const SIGNAL_WORDS = {
  network_challenge: 'showed a security check to',
  network_rate_limited: 'rate-limited',
} as const;

/**
 * For every member: the team's writes are paused (docs/budgets.md, "The team stops together"),
 * since when, until when, and whose account met the network's signal. An admin may resume early in
 * Settings' API (`PATCH /api-team {"resume_writes": true, "i_accept_the_risk": true}`). It goes by
 * itself when the pause ends; the live stream redraws it when one begins.
 */
export function drawWritesPaused(el: HTMLElement, view: TeamView): void {
  const pause = view.team.writes_paused;
  el.hidden = !pause;
  if (!pause) {
    draw(nothing, el);
    return;
  }
  const until = new Date(pause.until);
  draw(
    html`<strong>The team’s writes are paused until ${until.toLocaleString()}.</strong>
      The network ${SIGNAL_WORDS[pause.signal]} ${pause.member_email ?? 'a member'}’s account
      (${pause.signal}), and the others running the same work are next: no member runs
      ${pause.kinds.map((k) => manyWords(k)).join(', ')} until then. Reads go on.
      ${
        view.me.role === 'admin'
          ? html`<span class="muted small">An admin may resume early, accepting the risk: PATCH /api-team with {"resume_writes": true, "i_accept_the_risk": true}.</span>`
          : nothing
      }`,
    el,
  );
}
