import type { BudgetUse, MemberSafety, WorkingHours } from '../contract/budgets.js';
import { manyWords, WRITE_TYPES } from '../contract/task-kinds.js';
import { html, nothing, timeTag } from '../ui/html.js';

/**
 * A member's budgets (docs/budgets.md "Where people see it"): each budget's use against
 * its limit today and this week, when a spent one frees, the working hours, and the tasks that
 * wait with when they run and why. From GET /api-team's `members[].safety`.
 */

const DAYS = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function hoursWords(h: WorkingHours): string {
  const days = [...h.days].sort((a, b) => a - b);
  const consecutive = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  const dayWords =
    days.length === 7
      ? 'every day'
      : consecutive && days.length > 2
        ? `${DAYS[days[0]!]}–${DAYS[days[days.length - 1]!]}`
        : days.map((d) => DAYS[d]).join(', ');
  return `${dayWords} ${h.start}–${h.end} (${h.time_zone})`;
}

function useOf(used: number, limit: number | null, window: string, team?: number | null) {
  if (limit === null) return `${used} ${window}`;
  // A member's lower limit (warm-up, health) says the team's beside it.
  const teams = team !== undefined && team !== null && team !== limit ? ` (team ${team})` : '';
  return `${used} / ${limit}${teams} ${window}`;
}

function budgetRow(b: BudgetUse, now: number) {
  const spent = b.next_free_at !== null;
  const share = b.per_day ? Math.min(1, b.used_today / b.per_day) : 0;
  return html`<li class="budget ${spent ? 'spent' : ''}" data-task-type=${b.task_type}>
    <span class="budget-name">${manyWords(b.task_type, true)}</span>
    <span class="budget-use">${useOf(b.used_today, b.per_day, 'today', b.team_per_day)} · ${useOf(b.used_this_week, b.per_week, 'this week', b.team_per_week)}</span>
    ${b.per_day ? html`<meter min="0" max="1" low="0.7" high="0.9" optimum="0" .value=${share} aria-hidden="true"></meter>` : nothing}
    ${spent ? html`<span class="badge warn">used up; next ${timeTag(b.next_free_at, now)}</span>` : nothing}
  </li>`;
}

export function memberSafety(safety: MemberSafety, now: number) {
  // Actions others see are always listed; reads only once used, so a card is not twelve lines long.
  const shown = safety.budgets.filter(
    (b) =>
      WRITE_TYPES.includes(b.task_type) ||
      b.used_today > 0 ||
      b.used_this_week > 0 ||
      b.next_free_at,
  );
  return html`<div class="safety">
    <h4>Budgets</h4>
    ${
      safety.reduced
        ? html`<p class="small reduced" data-testid="reduced" title=${safety.reduced.why}>
          <span class="badge warn">write budgets at ${Math.round(safety.reduced.factor * 100)}\u00a0%</span>
          ${[safety.reduced.warming_up ? 'warming up' : null, safety.reduced.health_level !== 'good' ? `account health ${safety.reduced.health_level}` : null].filter(Boolean).join(' and ')}
        </p>`
        : nothing
    }
    <ul class="budgets">
      ${shown.map((b) => budgetRow(b, now))}
    </ul>
    <p class="small hours">
      Working hours: ${safety.working_hours ? hoursWords(safety.working_hours) : 'none set (writes may run any time)'}
      ${safety.writes_open ? nothing : html` · <span class="badge warn">outside them; writes resume ${timeTag(safety.writes_open_at, now, 'later')}</span>`}
    </p>
    ${
      safety.waiting.length
        ? html`<h4>Waiting (${safety.waiting.length})</h4>
          <ul class="waiting">
            ${safety.waiting.map(
              (w) => html`<li data-task-id=${w.task_id}>
                <strong>${manyWords(w.task_type, true)}</strong>: runs
                ${w.scheduled_for ? timeTag(w.scheduled_for, now) : html`<span>when it can</span>`} — <span class="muted">${w.waiting_reason}</span>
              </li>`,
            )}
          </ul>`
        : html`<p class="small muted">Nothing waits.</p>`
    }
  </div>`;
}
