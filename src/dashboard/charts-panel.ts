import type { BudgetUse, MemberStats, SequenceStats, WatchlistStats } from '../contract/stats.js';
import type { SequencesResponse } from '../contract/sequences.js';
import { call, errorMessage } from './api.js';
import { byId } from './dom.js';
import { drawChart, type ChartAxes, type ChartSeries, type DrawnChart } from './chart-draw.js';
import { INVITATION_AXES, invitationChart } from './invitation-chart.js';
import { html, nothing, render as draw, type TemplateResult } from '../ui/html.js';
import { exactTime } from '../ui/time.js';
import type { Session } from './session.js';

/**
 * The charts panel, in charts.js (loaded by charts.ts once the panel is on screen, with uPlot): a watchlist's posts and engagement, a sequence's funnel, a member's actions,
 * and the same member's invitations (invitation-chart.ts),
 * over the last 7, 30 or 90 days by day or week (GET /api-stats/…, in the reader's time zone).
 * Each chart has its numbers in a table next to it, reachable by keyboard and read by screen
 * readers (the canvas is an image with a one-line summary). The live stream redraws what changed.
 */

export type ChartKind = 'watchlist' | 'sequence' | 'member';
/** A chart on screen: one per kind of figures fetched, and the member's invitations beside its actions. */
type ChartId = ChartKind | 'invitations';
export interface Choice {
  id: string;
  name: string;
}

const RANGES = [7, 30, 90];
/** A task type as a column name: `agent_like_post` → `like post`. */
const kindName = (type: string) => type.replace(/^agent_/, '').replaceAll('_', ' ');
const percent = (r: number | null) => (r === null ? '—' : `${Math.round(r * 100)} %`);
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const dayOffset = (days: number) => {
  const now = new Date();
  const local = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
};

export interface ChartsPanel {
  start(session: Session): void;
  setWatchlists(items: Choice[]): void;
  setMembers(emails: string[]): void;
  /** What changed on the live stream: the charts that show it are fetched again. */
  changed(kinds: ChartKind[]): void;
  stop(): void;
}

/** The count charts' axes: titled, whole numbers only (a count has no half). */
const COUNT_AXES: Record<'watchlist' | 'sequence' | 'member', ChartAxes> = {
  watchlist: {
    left: { title: 'Posts', integer: true },
    right: { title: 'Engagement score', integer: true },
  },
  sequence: { left: { title: 'People', integer: true } },
  member: { left: { title: 'Actions', integer: true } },
};

export function mountChartsPanel(): ChartsPanel {
  const root = byId('charts-body');
  let session: Session | null = null;
  let visible = false;
  let days = 30;
  let bucket: 'day' | 'week' = 'day';
  let watchlists: Choice[] = [];
  let sequences: Choice[] = [];
  let members: string[] = [];
  const chosen: Record<ChartKind, string> = { watchlist: '', sequence: '', member: '' };
  const data: {
    watchlist: WatchlistStats | null;
    sequence: SequenceStats | null;
    member: MemberStats | null;
  } = { watchlist: null, sequence: null, member: null };
  const errors: Record<ChartKind, string> = { watchlist: '', sequence: '', member: '' };
  const drawn = new Map<ChartId, DrawnChart>();

  function query() {
    return { from: dayOffset(days - 1), to: dayOffset(0), bucket, tz: localZone() };
  }

  async function load(kind: ChartKind): Promise<void> {
    if (!session || !visible) return;
    const id = chosen[kind];
    if (!id) {
      data[kind] = null;
      return;
    }
    try {
      const path =
        kind === 'member' ? '/api-stats/members' : `/api-stats/${kind}s/${encodeURIComponent(id)}`;
      const q = kind === 'member' ? { ...query(), email: id } : query();
      const answer = await call<WatchlistStats & SequenceStats & MemberStats>('GET', path, {
        session,
        query: q,
      });
      if (chosen[kind] !== id) return;
      data[kind] = answer;
      errors[kind] = '';
    } catch (err) {
      errors[kind] = errorMessage(err);
    }
  }

  async function loadSequences(): Promise<void> {
    if (!session) return;
    try {
      const { sequences: list } = await call<SequencesResponse>('GET', '/api-sequences', {
        session,
      });
      sequences = list.map((s) => ({ id: s.id, name: s.name }));
      if (!sequences.some((s) => s.id === chosen.sequence))
        chosen.sequence = sequences[0]?.id ?? '';
    } catch (err) {
      errors.sequence = errorMessage(err);
    }
  }

  async function loadAll(): Promise<void> {
    await loadSequences();
    await Promise.all((['watchlist', 'sequence', 'member'] as const).map(load));
    await render();
  }

  async function reload(kind: ChartKind) {
    await load(kind);
    await render();
  }

  function select(kind: ChartKind, e: Event) {
    chosen[kind] = (e.target as HTMLSelectElement).value;
    data[kind] = null;
    void reload(kind);
  }

  function picker(kind: ChartKind, label: string, items: Choice[]) {
    return html`<label class="compact inline"><span>${label}</span>
      <select data-chart-pick=${kind} @change=${(e: Event) => select(kind, e)}>
        ${items.map((c) => html`<option value=${c.id} ?selected=${c.id === chosen[kind]}>${c.name}</option>`)}
      </select></label>`;
  }

  /** A chart's box; `empty`: a sentence in place of the chart, when there is nothing to draw. */
  function figure(
    kind: ChartId,
    title: string,
    pick: TemplateResult | typeof nothing,
    summary: string,
    table: TemplateResult | typeof nothing,
    empty?: string,
  ) {
    const error = errors[kind === 'invitations' ? 'member' : kind];
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

  function watchlistView() {
    const s = data.watchlist;
    const summary = s
      ? `${s.totals.posts} posts, ${s.totals.engagement} engagement, ${percent(s.totals.trending_share)} trending, ${s.from} to ${s.to}`
      : chosen.watchlist
        ? 'Loading…'
        : 'No watchlist yet.';
    const table = s
      ? tableRegion(
          'watchlist',
          'Posts and engagement by date',
          html`<table>
            <thead><tr><th scope="col">${bucket === 'week' ? 'Week of' : 'Day'}</th><th scope="col">Posts</th><th scope="col">Engagement</th><th scope="col">Trending</th></tr></thead>
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
    return figure(
      'watchlist',
      'Watchlist volume',
      picker('watchlist', 'Watchlist', watchlists),
      summary,
      table,
    );
  }

  function sequenceView() {
    const s = data.sequence;
    const t = s?.totals;
    const summary = t
      ? `${t.enrolled} enrolled, ${t.invited} invited, ${t.accepted} accepted (${percent(t.acceptance_rate)}), ${t.messaged} messaged, ${t.replied} replied (${percent(t.reply_rate)})`
      : chosen.sequence
        ? 'Loading…'
        : 'No sequence yet.';
    const table =
      s && t
        ? tableRegion(
            'sequence',
            'Sequence funnel by date and by sender',
            html`<table>
              <thead><tr><th scope="col">${bucket === 'week' ? 'Week of' : 'Day'}</th><th scope="col">Enrolled</th><th scope="col">Invited</th><th scope="col">Accepted</th><th scope="col">Messaged</th><th scope="col">Replied</th></tr></thead>
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
    return figure(
      'sequence',
      'Sequence results',
      sequences.length ? picker('sequence', 'Sequence', sequences) : nothing,
      summary,
      table,
      sequences.length
        ? undefined
        : 'No sequence yet: create one under Outreach, and its funnel by day appears here.',
    );
  }

  const kindsOf = (s: MemberStats) => Object.keys(s.totals.actions).sort();
  const budgetRow = (b: BudgetUse) =>
    html`<tr><th scope="row">${kindName(b.task_type)}</th><td>${b.used_last_day}${b.per_day === null ? '' : ` / ${b.per_day}`}</td><td>${b.used_last_7_days}${b.per_week === null ? '' : ` / ${b.per_week}`}</td><td>${b.used_last_30_days}</td><td>${b.day_frees_at ? exactTime(Date.parse(b.day_frees_at)) : '—'}</td></tr>`;

  function memberView() {
    const s = data.member;
    const summary = s
      ? `${s.totals.total} actions from ${s.from} to ${s.to}`
      : chosen.member
        ? 'Loading…'
        : 'No member yet.';
    const kinds = s ? kindsOf(s) : [];
    const table = s
      ? tableRegion(
          'member',
          'Actions by date, and budget use',
          html`<table>
            <thead><tr><th scope="col">${bucket === 'week' ? 'Week of' : 'Day'}</th><th scope="col">All</th>${kinds.map((k) => html`<th scope="col">${kindName(k)}</th>`)}</tr></thead>
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
    return figure(
      'member',
      'Member activity',
      picker(
        'member',
        'Member',
        members.map((m) => ({ id: m, name: m })),
      ),
      summary,
      table,
    );
  }

  function invitationsView() {
    const chart = invitationChart(data.member, chosen.member, bucket);
    return figure(
      'invitations',
      'Invitations: acceptance and pending',
      html`<span class="hint">${chosen.member ? `of ${chosen.member}` : ''}</span>`,
      chart.summary,
      chart.table
        ? tableRegion('invitations', 'Invitations sent, accepted and pending by date', chart.table)
        : nothing,
      chart.empty,
    );
  }

  function series(kind: ChartId): { starts: string[]; series: ChartSeries[] } | null {
    if (kind === 'watchlist' && data.watchlist) {
      const b = data.watchlist.buckets;
      return {
        starts: b.map((x) => x.start),
        series: [
          { label: 'Posts', values: b.map((x) => x.posts) },
          { label: 'Engagement', values: b.map((x) => x.engagement), right: true, dashed: true },
        ],
      };
    }
    if (kind === 'sequence' && data.sequence) {
      const b = data.sequence.buckets;
      return {
        starts: b.map((x) => x.start),
        series: (['enrolled', 'invited', 'accepted', 'messaged', 'replied'] as const).map(
          (k, i) => ({
            label: k[0]!.toUpperCase() + k.slice(1),
            values: b.map((x) => x[k]),
            dashed: i % 2 === 1,
          }),
        ),
      };
    }
    if (kind === 'invitations')
      return invitationChart(data.member, chosen.member, bucket).series ?? null;
    if (kind === 'member' && data.member) {
      const s = data.member;
      return {
        starts: s.buckets.map((x) => x.start),
        series: [
          { label: 'All actions', values: s.buckets.map((x) => x.total) },
          ...kindsOf(s)
            .slice(0, 4)
            .map((k, i) => ({
              label: kindName(k),
              values: s.buckets.map((x) => x.actions[k] ?? 0),
              dashed: i % 2 === 0,
            })),
        ],
      };
    }
    return null;
  }

  function controls() {
    return html`<div class="row chart-controls">
      <label class="compact inline"><span>Range</span>
        <select id="charts-range" @change=${(e: Event) => {
          days = Number((e.target as HTMLSelectElement).value);
          void loadAll();
        }}>${RANGES.map((d) => html`<option value=${d} ?selected=${d === days}>Last ${d} days</option>`)}</select></label>
      <label class="compact inline"><span>By</span>
        <select id="charts-bucket" @change=${(e: Event) => {
          bucket = (e.target as HTMLSelectElement).value as 'day' | 'week';
          void loadAll();
        }}><option value="day" ?selected=${bucket === 'day'}>day</option><option value="week" ?selected=${bucket === 'week'}>week</option></select></label>
    </div>`;
  }

  // One drawing at a time: a second waits for the first, so a chart is never drawn twice at once.
  let drawing: Promise<void> = Promise.resolve();
  function render(): Promise<void> {
    drawing = drawing.then(paint, paint);
    return drawing;
  }

  async function paint(): Promise<void> {
    draw(
      html`${controls()}<div class="charts-grid">${watchlistView()}${sequenceView()}${memberView()}${invitationsView()}</div>`,
      root,
    );
    if (!visible) return;
    for (const kind of ['watchlist', 'sequence', 'member', 'invitations'] as const) {
      const s = series(kind);
      drawn.get(kind)?.destroy();
      drawn.delete(kind);
      if (!s) continue;
      try {
        const axes = kind === 'invitations' ? INVITATION_AXES : COUNT_AXES[kind];
        drawn.set(kind, drawChart(byId(`chart-${kind}`), s.starts, s.series, axes));
      } catch (err) {
        errors[kind === 'invitations' ? 'member' : kind] = errorMessage(err);
      }
    }
  }

  return {
    start(s) {
      session = s;
      visible = true;
      void loadAll();
    },
    setWatchlists(items) {
      watchlists = items;
      if (!items.some((w) => w.id === chosen.watchlist)) {
        chosen.watchlist = items[0]?.id ?? '';
        void reload('watchlist');
      } else void render();
    },
    setMembers(emails) {
      members = emails;
      if (!emails.includes(chosen.member)) {
        chosen.member =
          session?.user.email && emails.includes(session.user.email)
            ? session.user.email
            : (emails[0] ?? '');
        void reload('member');
      } else void render();
    },
    changed(kinds) {
      if (!visible) return;
      if (kinds.includes('sequence')) void loadSequences().then(() => reload('sequence'));
      for (const k of kinds) if (k !== 'sequence') void reload(k);
    },
    stop() {
      for (const d of drawn.values()) d.destroy();
      drawn.clear();
      session = null;
      visible = false;
    },
  };
}
