import { mountChartsPanel } from './charts-panel.js';

/**
 * The entry of charts.js: the charts panel with its chart library (uPlot), kept out of app.js so
 * the dashboard's first load does not carry them. charts.ts loads this file and mounts the panel.
 */
(window as unknown as { dashboardCharts: { mount: typeof mountChartsPanel } }).dashboardCharts = {
  mount: mountChartsPanel,
};
