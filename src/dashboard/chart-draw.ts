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
  /**
   * Drawn dashed with square points: a line told apart from a solid one with round points by its
   * shape too, not by its colour alone (a colour-blind reader, a grey printout).
   */
  dashed?: boolean;
}

/** What a chart says of one of its value axes; without it, an axis of plain numbers from 0. */
interface ChartAxis {
  /** The axis's title, with its unit: `Acceptance rate (%)`. */
  title: string;
  /** Written after each tick's number and in the legend: ` %`. */
  unit?: string;
  /** Ticks on whole numbers only: a count has no half. */
  integer?: boolean;
  /** The scale's fixed top (100 for a percentage); otherwise the highest value, at least 1. */
  max?: number;
}

export interface ChartAxes {
  left?: ChartAxis;
  right?: ChartAxis;
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

/** Tick steps of a count axis: whole numbers only. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000];

/** A value as the axis writes it: whole, or to one decimal, with the axis's unit. */
const valueText = (v: number, axis?: ChartAxis) =>
  `${Number.isInteger(v) ? v : v.toFixed(1)}${axis?.unit ?? ''}`;

/** Square points, the dashed series' shape (uPlot draws round ones by itself). */
const squares: uPlot.Series.Points.PathBuilder = (u, seriesIdx, idx0, idx1) => {
  const s = u.series[seriesIdx]!;
  const side = (s.points?.size ?? 6) * devicePixelRatio;
  const xs = u.data[0];
  const ys = u.data[seriesIdx]!;
  const path = new Path2D();
  for (let i = idx0; i <= idx1; i++) {
    const y = ys[i];
    if (y == null) continue;
    const cx = u.valToPos(xs[i]!, 'x', true);
    const cy = u.valToPos(y, s.scale ?? 'y', true);
    path.rect(cx - side / 2, cy - side / 2, side, side);
  }
  return { stroke: path, fill: path };
};

/** The value scale's range: the axis's fixed top, or 0 to the highest value (at least 1). */
const scaleRange =
  (axis?: ChartAxis): uPlot.Scale.Range =>
  (_u, _min, max) => [0, axis?.max ?? Math.max(1, max)];

function valueAxis(axis: ChartAxis | undefined): Partial<uPlot.Axis> {
  if (!axis) return {};
  return {
    label: axis.title,
    labelSize: 20,
    labelFont: '600 12px system-ui, sans-serif',
    values: (_u, ticks) => ticks.map((t) => valueText(t, axis)),
    ...(axis.integer ? { incrs: WHOLE_STEPS } : {}),
  };
}

function options(
  width: number,
  series: ChartSeries[],
  label: string,
  last: number,
  axes: ChartAxes,
): uPlot.Options {
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
    legend: {
      show: true,
      markers: { dash: (_u, i) => (series[i - 1]?.dashed ? 'dashed' : 'solid') },
    },
    // The legend shows the latest bucket's values until the pointer is over the chart, and again
    // after it leaves, instead of dashes.
    hooks: {
      ready: [
        (u) => {
          u.setLegend({ idx: last });
          // Each legend marker has its series' point shape: round, or square for a dashed line.
          const rows = u.root.querySelectorAll<HTMLElement>('.u-legend .u-series');
          series.forEach((s, i) => {
            const marker = rows[i + 1]?.querySelector<HTMLElement>('.u-marker');
            if (marker) marker.style.borderRadius = s.dashed ? '0' : '50%';
          });
        },
      ],
      setCursor: [
        (u) => {
          if (u.cursor.idx == null && last >= 0) u.setLegend({ idx: last });
        },
      ],
    },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: true },
      y: { range: scaleRange(axes.left) },
      ...(axes.right ? { right: { range: scaleRange(axes.right) } } : {}),
    },
    axes: [
      { ...axis },
      { ...axis, size: 44, ...valueAxis(axes.left) },
      ...(hasRight
        ? [
            {
              ...axis,
              scale: 'right',
              side: 1 as const,
              grid: { show: false },
              ...valueAxis(axes.right),
            },
          ]
        : []),
    ],
    series: [
      // The bucket's date as the tables write it, not a time of day.
      {
        label,
        value: (_u, v) => (v == null ? '--' : new Date(v * 1000).toISOString().slice(0, 10)),
      },
      ...series.map((s, i) => {
        const unitAxis = s.right ? axes.right : axes.left;
        return {
          label: s.label,
          stroke: palette[i % palette.length],
          width: 2,
          scale: s.right ? 'right' : 'y',
          ...(s.dashed ? { dash: [6, 4] } : {}),
          // Squares show where there is room for them, the dashes always; a line with gaps
          // (a rate of days with nothing to divide) has bigger points, a lone day's value is one.
          points: s.dashed
            ? { size: 7, space: 10, fill: palette[i % palette.length], paths: squares }
            : {
                show: true,
                size: s.values.includes(null) ? 8 : 5,
                width: 2,
                fill: cssVar('--panel'),
              },
          ...(unitAxis
            ? {
                value: (_u: uPlot, v: number | null) => (v == null ? '--' : valueText(v, unitAxis)),
              }
            : {}),
        };
      }),
    ],
  };
}

export interface DrawnChart {
  destroy(): void;
}

/** Draws (or redraws) a chart in `el`; its previous chart, if any, goes. */
export function drawChart(
  el: HTMLElement,
  starts: string[],
  series: ChartSeries[],
  axes: ChartAxes = {},
): DrawnChart {
  const data: uPlot.AlignedData = [starts.map(seconds), ...series.map((s) => s.values)];
  let chart: uPlot | null = null;
  const make = () => {
    chart?.destroy();
    el.replaceChildren();
    chart = new uPlot(
      options(Math.max(260, el.clientWidth), series, 'Day', starts.length - 1, axes),
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
