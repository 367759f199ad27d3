import { errorMessage } from './api.js';
import { drawChart, type DrawnChart } from './chart-draw.js';
import { render as draw } from '../ui/html.js';
import {
  CHART_IDS,
  chartAxes,
  type ChartFigures,
  type ChartId,
  chartSeries,
} from './chart-series.js';
import type { ChartKind } from './chart-stats.js';
import { type ChartsActions, type ChartsState, chartsView } from './chart-views.js';

/**
 * The charts panel's drawing: its body from the panel's state (chart-views.ts), then each chart
 * whose figures or box changed since it was last drawn. One drawing at a time, so a chart is never
 * drawn twice at once; the changes of one turn (a new range reloads every kind) fold into one.
 * Before the panel is on screen (`charts()` false) only the body is drawn.
 */
export function chartsDrawing(
  root: HTMLElement,
  view: { state(): ChartsState; charts(): boolean; on: ChartsActions },
  failed: (kind: ChartKind, message: string) => void,
) {
  const drawn = new Map<ChartId, { chart: DrawnChart; from: object; el: HTMLElement }>();
  let drawing: Promise<void> = Promise.resolve();
  let queued = false;

  function paint() {
    queued = false;
    const st = view.state();
    draw(chartsView(st, view.on), root);
    if (!view.charts()) return;
    for (const id of CHART_IDS) drawOne(id, st.data, st);
  }

  function drawOne(id: ChartId, data: ChartFigures, st: ChartsState) {
    const kind = id === 'invitations' ? 'member' : id;
    const from = data[kind];
    const el = document.getElementById(`chart-${id}`);
    const was = drawn.get(id);
    if (was && was.from === from && was.el === el) return;
    was?.chart.destroy();
    drawn.delete(id);
    const s = chartSeries(id, data, st.chosen.member, st.bucket);
    if (!s || !from || !el) return;
    try {
      drawn.set(id, { chart: drawChart(el, s.starts, s.series, chartAxes(id)), from, el });
    } catch (err) {
      failed(kind, errorMessage(err));
    }
  }

  return {
    render() {
      if (queued) return;
      queued = true;
      drawing = drawing.then(paint, paint);
    },
    /** The charts go (the page signs out); the body stays until the next drawing. */
    stop() {
      for (const d of drawn.values()) d.chart.destroy();
      drawn.clear();
    },
  };
}
