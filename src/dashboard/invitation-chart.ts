import type { MemberStats } from '../contract/stats.js';
import { html, type TemplateResult } from '../ui/html.js';
import type { ChartAxes, ChartSeries } from './chart-draw.js';

/**
 * The member's invitations chart of the charts panel (charts-panel.ts draws it): the acceptance
 * rate of each bucket's invitations in percent on the left axis, and the invitations pending at
 * its end, a count, on the right one, from the member's figures (GET /api-stats/members,
 * `invitations`). The rate is a solid line with round points and the pending a dashed one with
 * square points: two series told apart by shape, not by colour alone.
 */

export const INVITATION_AXES: ChartAxes = {
  left: { title: 'Acceptance rate (%)', unit: ' %', max: 100 },
  right: { title: 'Pending invitations', integer: true },
};

const percent = (r: number | null) => (r === null ? '—' : `${Math.round(r * 100)} %`);

/** Nothing to draw: no invitation sent in the range, none waiting at any bucket's end. */
const nothingToShow = (s: MemberStats) =>
  s.totals.invitations.sent === 0 && s.buckets.every((b) => b.invitations.pending === 0);

interface InvitationChart {
  /** The one-line summary, also the chart's accessible name. */
  summary: string;
  /** The sentence shown instead of a chart when there is nothing to draw. */
  empty?: string;
  /** The numbers by bucket, for the table beside the chart. */
  table?: TemplateResult;
  series?: { starts: string[]; series: ChartSeries[] };
}

/** The chart of `s` (null while loading, or with no member to choose). */
export function invitationChart(
  s: MemberStats | null,
  member: string,
  bucket: 'day' | 'week',
): InvitationChart {
  if (!s) return member ? { summary: 'Loading…' } : { summary: '', empty: 'No member yet.' };
  const t = s.totals.invitations;
  if (nothingToShow(s)) {
    return {
      summary: '',
      empty: `No invitations were sent from ${s.from} to ${s.to}, and none were waiting for an answer: nothing to chart yet.`,
    };
  }
  const b = s.buckets;
  return {
    summary:
      t.sent === 0
        ? `No invitations sent from ${s.from} to ${s.to}, so no acceptance rate; ${t.pending} pending on ${s.to}`
        : `${t.sent} invitations sent, ${t.accepted} accepted (${percent(t.acceptance_rate)}), ${t.pending} pending on ${s.to}`,
    table: html`<table>
      <thead><tr><th scope="col">${bucket === 'week' ? 'Week of' : 'Day'}</th><th scope="col">Sent</th><th scope="col">Accepted</th><th scope="col">Acceptance</th><th scope="col">Pending</th></tr></thead>
      <tbody>${b.map(
        (x) =>
          html`<tr><th scope="row">${x.start}</th><td>${x.invitations.sent}</td><td>${x.invitations.accepted}</td><td>${percent(x.invitations.acceptance_rate)}</td><td>${x.invitations.pending}</td></tr>`,
      )}</tbody>
    </table>`,
    series: {
      starts: b.map((x) => x.start),
      series: [
        {
          label: 'Acceptance rate',
          values: b.map((x) =>
            x.invitations.acceptance_rate === null
              ? null
              : Math.round(x.invitations.acceptance_rate * 1000) / 10,
          ),
        },
        {
          label: 'Pending',
          values: b.map((x) => x.invitations.pending),
          right: true,
          dashed: true,
        },
      ],
    },
  };
}
