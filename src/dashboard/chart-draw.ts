import uPlot from 'uplot';

/**
 * One time chart drawn with uPlot into a container: lines over the buckets' days, in the page's
 * own colours (light or dark, redrawn when the preference changes), as wide as its container (a
 * phone's 375 px included). The numbers are always also in a table beside it (charts.ts).
 */
export interface ChartSeries {
  label: string;
  values: (number | null)[];
  /** A second scale on the right (engagement beside post counts, rates beside counts). */
  right?: boolean;
}

const HEIGHT = 220;
/** Series colours: the accent first, then hues that stay apart in both themes. */
const PALETTE_LIGHT = ['#0a66c2', '#c2410c', '#1a7f37', '#7c3aed', '#b42318', '#0e7490'];
const PALETTE_DARK = ['#4c9ee8', '#fb923c', '#6fd38a', '#b794f6', '#ff8a80', '#22d3ee'];

const dark = () => matchMedia('(prefers-color-scheme: dark)').matches;
const cssVar = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || undefined;

/** Day starts (YYYY-MM-DD) as the UTC seconds uPlot places them by (axis labels in UTC). */
const seconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

function options(width: number, series: ChartSeries[], label: string, last: number): uPlot.Options {
  const palette = dark() ? PALETTE_DARK : PALETTE_LIGHT;
  const axisColor = cssVar('--muted');
  const grid = { stroke: cssVar('--line'), width: 1 };
  const axis = { stroke: axisColor, grid, ticks: grid };
  const hasRight = series.some((s) => s.right);
  return {
    width,
    height: HEIGHT,
    title: undefined,
    tzDate: (ts) => {
      const d = new Date(ts * 1000);
      return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    },
    legend: { show: true },
    // The legend shows the latest bucket's values until the pointer is over the chart, and again
    // after it leaves, instead of dashes.
    hooks: {
      ready: [(u) => u.setLegend({ idx: last })],
      setCursor: [
        (u) => {
          if (u.cursor.idx == null && last >= 0) u.setLegend({ idx: last });
        },
      ],
    },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [
      { ...axis },
      { ...axis, size: 44 },
      ...(hasRight ? [{ ...axis, scale: 'right', side: 1 as const, grid: { show: false } }] : []),
    ],
    series: [
      // The bucket's date as the tables write it, not a time of day.
      {
        label,
        value: (_u, v) => (v == null ? '--' : new Date(v * 1000).toISOString().slice(0, 10)),
      },
      ...series.map((s, i) => ({
        label: s.label,
        stroke: palette[i % palette.length],
        width: 2,
        scale: s.right ? 'right' : 'y',
        points: { show: true, size: 5 },
      })),
    ],
  };
}

export interface DrawnChart {
  destroy(): void;
}

/** Draws (or redraws) a chart in `el`; its previous chart, if any, goes. */
export function drawChart(el: HTMLElement, starts: string[], series: ChartSeries[]): DrawnChart {
  const data: uPlot.AlignedData = [starts.map(seconds), ...series.map((s) => s.values)];
  let chart: uPlot | null = null;
  const make = () => {
    chart?.destroy();
    el.replaceChildren();
    chart = new uPlot(
      options(Math.max(260, el.clientWidth), series, 'Day', starts.length - 1),
      data,
      el,
    );
  };
  make();
  const resize = new ResizeObserver(() => {
    if (chart && Math.abs(chart.width - el.clientWidth) > 4)
      chart.setSize({ width: Math.max(260, el.clientWidth), height: HEIGHT });
  });
  resize.observe(el);
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', make);
  return {
    destroy() {
      resize.disconnect();
      scheme.removeEventListener('change', make);
      chart?.destroy();
      chart = null;
    },
  };
}
