import type { TeamView } from '../contract/members.js';
import type { TeamReplyLabel } from '../contract/reply-labels.js';
import { call } from './api.js';
import { html, nothing, render as draw } from '../ui/html.js';
import type { Session } from './session.js';
import { labelChoices } from './reply-labels.js';
import type { InboxAnswer } from './inbox-answer.js';

/**
 * The inbox panel's filter by the label of the newest reply (`?classification=`, docs/ai.md
 * "Replies sorted"), beside "Unread only" in its head: the built-in labels and the team's own
 * (GET /api-team). `chosen` follows a choice; `labelsRead` the team's labels coming in.
 */
export function mountLabelFilter(
  beside: Element | null,
  on: { chosen(): void; labelsRead(): void },
) {
  const box = document.createElement('span');
  box.className = 'inbox-label-filter';
  beside?.after(box);
  let value = '';
  let teamLabels: TeamReplyLabel[] = [];
  let session: Session | null = null;

  /** Without a model nothing is sorted (docs/ai.md): no filter that could only come back empty. */
  function view(answer: InboxAnswer) {
    if (answer.sortingOff && !value) return nothing;
    const choose = (e: Event) => {
      value = (e.target as HTMLSelectElement).value;
      on.chosen();
    };
    return html`<label class="compact"><span class="visually-hidden">Label of the newest reply</span><select id="inbox-label" @change=${choose}><option value="">Any label</option>${labelChoices(
      teamLabels,
    ).map(
      (l) =>
        html`<option value=${l.name} title=${l.description ?? nothing} ?selected=${value === l.name}>${l.words}</option>`,
    )}</select></label>`;
  }

  return {
    /** The label chosen; '' for any. */
    value: () => value,
    /** Drawn with the list, once there is one. */
    draw(answer: InboxAnswer | null) {
      draw(answer ? view(answer) : nothing, box);
    },
    async start(s: Session) {
      session = s;
      try {
        const team = await call<TeamView>('GET', '/api-team', { auth: 'member', session: s });
        if (s !== session) return;
        teamLabels = team.team.reply_labels;
        on.labelsRead();
      } catch {
        // The built-in labels still filter; the members panel reports a team view that fails.
      }
    },
    stop() {
      session = null;
      value = '';
      teamLabels = [];
      draw(nothing, box);
    },
  };
}
