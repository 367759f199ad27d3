import type { MemberView } from '../contract/members.js';
import type { AccountHealth, WarmUpView } from '../contract/account-health.js';
import { weakestFactor } from '../contract/weakest-factor.js';
import { html, nothing, timeTag } from '../ui/html.js';

/**
 * A member's account health and warm-up in their card (docs/budgets.md, "Warm-up" and "Health"):
 * the level with the weakest factor's sentence, each factor on request, and how far the warm-up
 * is. From GET /api-team's `members[].health` and `warm_up`.
 */

const LEVEL_BADGE = { good: 'good', watch: 'warn', poor: 'bad' } as const;
const percent = (f: number) => `${Math.round(f * 100)}\u00a0%`;

function healthFacts(h: AccountHealth, now: number) {
  const weakest = weakestFactor(h.factors);
  return html`<span class="badge ${LEVEL_BADGE[h.level]}">${h.level}</span>
    <span class="muted small">score ${h.score}${h.level === 'good' ? '' : `, write budgets at ${percent(h.budget_factor)}`}</span>
    ${weakest && h.level !== 'good' ? html`<div class="small health-why">${weakest.why}</div>` : nothing}
    ${
      h.factors.length
        ? html`<details class="small health-factors">
          <summary>Factors${h.checked_at ? html` · checked ${timeTag(h.checked_at, now)}` : nothing}</summary>
          <ul>
            ${h.factors.map(
              (f) =>
                html`<li data-factor=${f.name}><span class="badge ${LEVEL_BADGE[f.level]}">${f.level}</span> ${f.why}</li>`,
            )}
          </ul>
        </details>`
        : html`<div class="muted small">Not computed yet.</div>`
    }`;
}

function warmUpFacts(w: WarmUpView) {
  return html`<span class="badge warn">warming up</span>
    <span class="small">day ${w.day} of ${w.days}, ${percent(w.factor)}</span>
    <div class="muted small">Write budgets rise to the team’s by ${new Date(w.ends_at).toLocaleDateString()}.</div>`;
}

/** The card's facts rows: health, and warm-up while it runs. */
export function accountFacts(m: MemberView, now: number) {
  if (m.status !== 'active') return nothing;
  return html`${m.health ? html`<dt>Account health</dt><dd class="health" data-testid="health">${healthFacts(m.health, now)}</dd>` : nothing}
    ${m.warm_up ? html`<dt>Warm-up</dt><dd class="warm-up" data-testid="warm-up">${warmUpFacts(m.warm_up)}</dd>` : nothing}`;
}
