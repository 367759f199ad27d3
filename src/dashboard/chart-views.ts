import type { BudgetUse } from '../contract/stats.js';
import { html, nothing, type TemplateResult } from '../ui/html.js';
import { exactTime } from '../ui/time.js';
import { type ChartFigures, type ChartId, kindName, kindsOf } from './chart-series.js';
import type { ChartKind, Choice } from './chart-stats.js';
import { invitationChart } from './invitation-chart.js';

/**
 * What the charts panel shows, drawn from its state: the range and bucket controls, then a box
 * for each chart with its picker, its one-line summary (also the chart's accessible name) and its
 * numbers in a table reachable by keyboard. chart-draw.ts draws the charts into the boxes.
 */

const RANGES = [7, 30, 90];
const percent = (r: number | null) => (r === null ? '—' : `${Math.round(r * 100)} %`);

export interface ChartsState {
  days: number;
  bucket: 'day' | 'week';
  chosen: Record<ChartKind, string>;
  watchlists: Choice[];
  sequences: Choice[];
  members: string[];
  data: ChartFigures;
  /** Why each kind's figures could not be read or drawn; the member's cover its invitations too. */
  errors: Record<ChartKind, string>;
}

export interface ChartsActions {
  pick(kind: ChartKind, id: string): void;
  range(days: number): void;
  bucket(bucket: 'day' | 'week'): void;
}

export function chartsView(st: ChartsState, on: ChartsActions): TemplateResult {
  return html`${controls(st, on)}<div class="charts-grid">${watchlistView(st, on)}${sequenceView(st, on)}${memberView(st, on)}${invitationsView(st)}</div>`;
}

function controls(st: ChartsState, on: ChartsActions) {
  const value = (e: Event) => (e.target as HTMLSelectElement).value;
  return html`<div class="row chart-controls">
    <label class="compact inline"><span>Range</span>
      <select id="charts-range" @change=${(e: Event) => on.range(Number(value(e)))}>${RANGES.map((d) => html`<option value=${d} ?selected=${d === st.days}>Last ${d} days</option>`)}</select></label>
    <label class="compact inline"><span>By</span>
      <select id="charts-bucket" @change=${(e: Event) => on.bucket(value(e) as 'day' | 'week')}><option value="day" ?selected=${st.bucket === 'day'}>day</option><option value="week" ?selected=${st.bucket === 'week'}>week</option></select></label>
  </div>`;
}

function picker(
  st: ChartsState,
  on: ChartsActions,
  kind: ChartKind,
  label: string,
  items: Choice[],
) {
  return html`<label class="compact inline"><span>${label}</span>
    <select data-chart-pick=${kind} @change=${(e: Event) => on.pick(kind, (e.target as HTMLSelectElement).value)}>
      ${items.map((c) => html`<option value=${c.id} ?selected=${c.id === st.chosen[kind]}>${c.name}</option>`)}
    </select></label>`;
}

/** A chart's box; `empty`: a sentence in place of the chart, when there is nothing to draw. */
function figure(
  st: ChartsState,
  kind: ChartId,
  title: string,
  pick: TemplateResult | typeof nothing,
  summary: string,
  table: TemplateResult | typeof nothing,
  empty?: string,
) {
  const error = st.errors[kind === 'invitations' ? 'member' : kind];
  return html`<section class="chart-box" data-chart=${kind} aria-labelledby=${`chart-${kind}-title`}>
    <div class="panel-head"><h3 id=${`chart-${kind}-title`}>${title}</h3>${pick}</div>
    ${error ? html`<p class="status" data-kind="error">${error}</p>` : nothing}
    ${
      empty
        ? html`<p class="empty" data-chart-empty=${kind}>${empty}</p>`
        : html`<div class="chart" id=${`chart-${kind}`} role="img" aria-label=${summary}></div>
          <p class="hint chart-summary">${summary}</p>`
    }
    ${table}
  </section>`;
}

const tableRegion = (kind: ChartId, label: string, body: TemplateResult) =>
  html`<div class="chart-table" tabindex="0" role="region" aria-label=${label} data-table=${kind}>${body}</div>`;

const firstColumn = (st: ChartsState) => (st.bucket === 'week' ? 'Week of' : 'Day');

function watchlistView(st: ChartsState, on: ChartsActions) {
  const s = st.data.watchlist;
  const summary = s
    ? `${s.totals.posts} posts, ${s.totals.engagement} engagement, ${percent(s.totals.trending_share)} trending, ${s.from} to ${s.to}`
    : st.chosen.watchlist
      ? 'Loading…'
      : 'No watchlist yet.';
  const table = s
    ? tableRegion(
        'watchlist',
        'Posts and engagement by date',
        html`<table>
          <thead><tr><th scope="col">${firstColumn(st)}</th><th scope="col">Posts</th><th scope="col">Engagement</th><th scope="col">Trending</th></tr></thead>
          <tbody>${s.buckets.map(
            (b) =>
              html`<tr><th scope="row">${b.start}</th><td>${b.posts}</td><td>${b.engagement}</td><td>${percent(b.trending_share)}</td></tr>`,
          )}</tbody>
        </table>
        ${
          s.totals.top_authors.length
            ? html`<p class="hint">Top authors: ${s.totals.top_authors.map((a) => `${a.author_name} (${a.engagement})`).join(', ')}</p>`
            : nothing
        }`,
      )
    : nothing;
  const pick = picker(st, on, 'watchlist', 'Watchlist', st.watchlists);
  return figure(st, 'watchlist', 'Watchlist volume', pick, summary, table);
}

function sequenceView(st: ChartsState, on: ChartsActions) {
  const s = st.data.sequence;
  const t = s?.totals;
  const summary = t
    ? `${t.enrolled} enrolled, ${t.invited} invited, ${t.accepted} accepted (${percent(t.acceptance_rate)}), ${t.messaged} messaged, ${t.replied} replied (${percent(t.reply_rate)})`
    : st.chosen.sequence
      ? 'Loading…'
      : 'No sequence yet.';
  const table =
    s && t
      ? tableRegion(
          'sequence',
          'Sequence funnel by date and by sender',
          html`<table>
            <thead><tr><th scope="col">${firstColumn(st)}</th><th scope="col">Enrolled</th><th scope="col">Invited</th><th scope="col">Accepted</th><th scope="col">Messaged</th><th scope="col">Replied</th></tr></thead>
            <tbody>${s.buckets.map(
              (b) =>
                html`<tr><th scope="row">${b.start}</th><td>${b.enrolled}</td><td>${b.invited}</td><td>${b.accepted}</td><td>${b.messaged}</td><td>${b.replied}</td></tr>`,
            )}</tbody>
          </table>
          <table class="senders">
            <caption>Per sender</caption>
            <thead><tr><th scope="col">Sender</th><th scope="col">Invited</th><th scope="col">Acceptance</th><th scope="col">Messaged</th><th scope="col">Reply rate</th></tr></thead>
            <tbody>${t.senders.map(
              (p) =>
                html`<tr><th scope="row">${p.email ?? '—'}</th><td>${p.invited}</td><td>${percent(p.acceptance_rate)}</td><td>${p.messaged}</td><td>${percent(p.reply_rate)}</td></tr>`,
            )}</tbody>
          </table>`,
        )
      : nothing;
  const any = st.sequences.length > 0;
  return figure(
    st,
    'sequence',
    'Sequence results',
    any ? picker(st, on, 'sequence', 'Sequence', st.sequences) : nothing,
    summary,
    table,
    any
      ? undefined
      : 'No sequence yet: create one under Outreach, and its funnel by day appears here.',
  );
}

const budgetRow = (b: BudgetUse) =>
  html`<tr><th scope="row">${kindName(b.task_type)}</th><td>${b.used_last_day}${b.per_day === null ? '' : ` / ${b.per_day}`}</td><td>${b.used_last_7_days}${b.per_week === null ? '' : ` / ${b.per_week}`}</td><td>${b.used_last_30_days}</td><td>${b.day_frees_at ? exactTime(Date.parse(b.day_frees_at)) : '—'}</td></tr>`;

function memberView(st: ChartsState, on: ChartsActions) {
  const s = st.data.member;
  const summary = s
    ? `${s.totals.total} actions from ${s.from} to ${s.to}`
    : st.chosen.member
      ? 'Loading…'
      : 'No member yet.';
  const kinds = s ? kindsOf(s) : [];
  const table = s
    ? tableRegion(
        'member',
        'Actions by date, and budget use',
        html`<table>
          <thead><tr><th scope="col">${firstColumn(st)}</th><th scope="col">All</th>${kinds.map((k) => html`<th scope="col">${kindName(k)}</th>`)}</tr></thead>
          <tbody>${s.buckets.map(
            (b) =>
              html`<tr><th scope="row">${b.start}</th><td>${b.total}</td>${kinds.map((k) => html`<td>${b.actions[k] ?? 0}</td>`)}</tr>`,
          )}</tbody>
        </table>
        <table class="budgets">
          <caption>Budgets (used / limit)</caption>
          <thead><tr><th scope="col">Kind</th><th scope="col">Last day</th><th scope="col">Last 7 days</th><th scope="col">Last 30 days</th><th scope="col">A slot frees</th></tr></thead>
          <tbody>${s.totals.budgets.filter((b) => b.used_last_30_days > 0).map(budgetRow)}</tbody>
        </table>`,
      )
    : nothing;
  const members = st.members.map((m) => ({ id: m, name: m }));
  const pick = picker(st, on, 'member', 'Member', members);
  return figure(st, 'member', 'Member activity', pick, summary, table);
}

function invitationsView(st: ChartsState) {
  const chart = invitationChart(st.data.member, st.chosen.member, st.bucket);
  return figure(
    st,
    'invitations',
    'Invitations: acceptance and pending',
    html`<span class="hint">${st.chosen.member ? `of ${st.chosen.member}` : ''}</span>`,
    chart.summary,
    chart.table
      ? tableRegion('invitations', 'Invitations sent, accepted and pending by date', chart.table)
      : nothing,
    chart.empty,
  );
}
