import type { MemberStats, SequenceStats, WatchlistStats } from '../contract/stats.js';
import { byId } from './dom.js';
import { panelLife, type PanelLife } from './panel-life.js';
import type { Session } from './session.js';
import {
  type ChartKind,
  type ChartRange,
  type Choice,
  readStats,
  sequenceChoices,
} from './chart-stats.js';
import type { ChartsActions, ChartsState } from './chart-views.js';
import { chartsDrawing } from './charts-drawing.js';

/**
 * The charts panel, in charts.js (loaded by charts.ts once the panel is on screen, with uPlot): a
 * watchlist's posts and engagement, a sequence's funnel, a member's actions, and the same member's
 * invitations (invitation-chart.ts), over the last 7, 30 or 90 days by day or week (GET
 * /api-stats/…, in the reader's time zone). Each kind of figures has a panel life of its own, so
 * the live stream reads again only what changed. Each chart has its numbers in a table next to it,
 * reachable by keyboard and read by screen readers (chart-views.ts; the canvas is an image with a
 * one-line summary).
 */

export type { ChartKind, Choice } from './chart-stats.js';

export interface ChartsPanel {
  start(session: Session): void;
  setWatchlists(items: Choice[]): void;
  setMembers(emails: string[]): void;
  /** What changed on the live stream: the charts that show it are fetched again. */
  changed(kinds: ChartKind[]): void;
  stop(): void;
}

/**
 * A kind's figures, kept with the choice they are of (a picker may have moved on meanwhile): null
 * with nothing to choose. The sequence's come with the sequences to choose from.
 */
interface Figures<T> {
  id: string;
  stats: T | null;
  sequences?: Choice[];
}

export function mountChartsPanel(): ChartsPanel {
  let session: Session | null = null;
  let visible = false;
  const range: ChartRange = { days: 30, bucket: 'day' };
  let watchlists: Choice[] = [];
  let members: string[] = [];
  const chosen: Record<ChartKind, string> = { watchlist: '', sequence: '', member: '' };
  /** Why a kind's figures could not be read, or its chart drawn (said from the next drawing on). */
  const failed: Record<ChartKind, string> = { watchlist: '', sequence: '', member: '' };

  function chartLife<T>(kind: ChartKind, fetch: (s: Session) => Promise<Figures<T>>) {
    return panelLife({
      fetch,
      show({ load }) {
        failed[kind] = load.kind === 'error' ? load.text : '';
        drawing.render();
      },
    });
  }
  const figures =
    <T>(kind: ChartKind) =>
    async (s: Session): Promise<Figures<T>> => {
      const id = chosen[kind];
      return { id, stats: id ? await readStats<T>(s, kind, id, range) : null };
    };
  const lives: Record<ChartKind, PanelLife<Figures<unknown>>> = {
    watchlist: chartLife('watchlist', figures<WatchlistStats>('watchlist')),
    member: chartLife('member', figures<MemberStats>('member')),
    // The sequences to choose from are read with the chosen one's figures: both change together.
    sequence: chartLife('sequence', async (s) => {
      const sequences = await sequenceChoices(s);
      if (!sequences.some((q) => q.id === chosen.sequence))
        chosen.sequence = sequences[0]?.id ?? '';
      return { ...(await figures<SequenceStats>('sequence')(s)), sequences };
    }),
  };
  const reloadAll = () => {
    for (const life of Object.values(lives)) void life.reload();
  };

  const on: ChartsActions = {
    pick(kind, id) {
      chosen[kind] = id;
      void lives[kind].reload();
    },
    range(days) {
      range.days = days;
      reloadAll();
    },
    bucket(bucket) {
      range.bucket = bucket;
      reloadAll();
    },
  };

  /** The chosen one's figures; none while they are read. */
  function shown<T>(kind: ChartKind): T | null {
    const answer = lives[kind].answer;
    return answer && answer.id === chosen[kind] ? (answer.stats as T | null) : null;
  }

  function state(): ChartsState {
    return {
      ...range,
      chosen,
      watchlists,
      sequences: lives.sequence.answer?.sequences ?? [],
      members,
      data: { watchlist: shown('watchlist'), sequence: shown('sequence'), member: shown('member') },
      errors: failed,
    };
  }

  const drawing = chartsDrawing(
    byId('charts-body'),
    { state, charts: () => visible, on },
    (kind, message) => {
      failed[kind] = message;
    },
  );

  return {
    start(s) {
      session = s;
      visible = true;
      for (const life of Object.values(lives)) void life.start(s);
    },
    setWatchlists(items) {
      watchlists = items;
      if (!items.some((w) => w.id === chosen.watchlist)) {
        chosen.watchlist = items[0]?.id ?? '';
        void lives.watchlist.reload();
      } else drawing.render();
    },
    setMembers(emails) {
      members = emails;
      if (!emails.includes(chosen.member)) {
        chosen.member =
          session?.user.email && emails.includes(session.user.email)
            ? session.user.email
            : (emails[0] ?? '');
        void lives.member.reload();
      } else drawing.render();
    },
    changed(kinds) {
      if (!visible) return;
      for (const kind of kinds) void lives[kind].refresh();
    },
    stop() {
      drawing.stop();
      session = null;
      visible = false;
      for (const life of Object.values(lives)) life.stop();
    },
  };
}
