import type { MemberStats, SequenceStats, WatchlistStats } from '../contract/stats.js';
import type { ChartAxes, ChartSeries } from './chart-draw.js';
import { INVITATION_AXES, invitationChart } from './invitation-chart.js';

/** A chart on screen: one per kind of figures fetched, and the member's invitations beside its actions. */
export type ChartId = 'watchlist' | 'sequence' | 'member' | 'invitations';
export const CHART_IDS: readonly ChartId[] = ['watchlist', 'sequence', 'member', 'invitations'];

/** The figures each chart is drawn from: null while they are read, or with nothing to choose. */
export interface ChartFigures {
  watchlist: WatchlistStats | null;
  sequence: SequenceStats | null;
  member: MemberStats | null;
}

/** A task type as a column name: `agent_like_post` → `like post`. */
export const kindName = (type: string) => type.replace(/^agent_/, '').replaceAll('_', ' ');
/** The member's kinds of actions, in a steady order: the table's columns and the chart's lines. */
export const kindsOf = (s: MemberStats) => Object.keys(s.totals.actions).sort();

/** The count charts' axes: titled, whole numbers only (a count has no half). */
const COUNT_AXES: Record<'watchlist' | 'sequence' | 'member', ChartAxes> = {
  watchlist: {
    left: { title: 'Posts', integer: true },
    right: { title: 'Engagement score', integer: true },
  },
  sequence: { left: { title: 'People', integer: true } },
  member: { left: { title: 'Actions', integer: true } },
};

export const chartAxes = (id: ChartId): ChartAxes =>
  id === 'invitations' ? INVITATION_AXES : COUNT_AXES[id];

/** What chart `id` draws: the buckets' starts and a line for each series; null with no figures. */
export function chartSeries(
  id: ChartId,
  data: ChartFigures,
  member: string,
  bucket: 'day' | 'week',
): { starts: string[]; series: ChartSeries[] } | null {
  if (id === 'watchlist' && data.watchlist) {
    const b = data.watchlist.buckets;
    return {
      starts: b.map((x) => x.start),
      series: [
        { label: 'Posts', values: b.map((x) => x.posts) },
        { label: 'Engagement', values: b.map((x) => x.engagement), right: true, dashed: true },
      ],
    };
  }
  if (id === 'sequence' && data.sequence) {
    const b = data.sequence.buckets;
    return {
      starts: b.map((x) => x.start),
      series: (['enrolled', 'invited', 'accepted', 'messaged', 'replied'] as const).map((k, i) => ({
        label: k[0]!.toUpperCase() + k.slice(1),
        values: b.map((x) => x[k]),
        dashed: i % 2 === 1,
      })),
    };
  }
  if (id === 'invitations') return invitationChart(data.member, member, bucket).series ?? null;
  if (id === 'member' && data.member) {
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
