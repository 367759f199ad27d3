import type { ChartKind, ChartsPanel, Choice, mountChartsPanel } from './charts-panel.js';
import { byId } from './dom.js';
import type { Session } from './session.js';

/**
 * The charts panel's stand-in in app.js: the panel itself and its chart library (uPlot, about
 * 50 kB) are in charts.js, with the library's style in charts.css, fetched the first time the panel
 * comes on screen. Until then this keeps what the panel will need (the session, the watchlists and
 * members to choose from) and hands it over once loaded; a page that never shows the panel never
 * downloads them.
 */
export function mountCharts(): ChartsPanel {
  const section = byId('charts');
  const status = byId('charts-status');
  let session: Session | null = null;
  let watchlists: Choice[] = [];
  let members: string[] = [];
  let panel: ChartsPanel | null = null;
  let loading: Promise<void> | null = null;

  function load(): Promise<void> {
    loading ??= new Promise<void>((resolve, reject) => {
      const style = document.createElement('link');
      style.rel = 'stylesheet';
      style.href = '/dashboard/assets/charts.css';
      document.head.append(style);
      const script = document.createElement('script');
      script.src = '/dashboard/assets/charts.js';
      script.onload = () => resolve();
      script.onerror = () => {
        loading = null;
        reject(new Error('The charts could not be loaded; scroll away and back to try again'));
      };
      document.head.append(script);
    });
    return loading;
  }

  async function open(): Promise<void> {
    status.textContent = 'Loading charts…';
    try {
      await load();
    } catch (err) {
      status.textContent = (err as Error).message;
      return;
    }
    status.textContent = '';
    if (panel || !session) return;
    const mount = (window as unknown as { dashboardCharts: { mount: typeof mountChartsPanel } })
      .dashboardCharts.mount;
    panel = mount();
    panel.setWatchlists(watchlists);
    panel.setMembers(members);
    panel.start(session);
  }

  const observer = new IntersectionObserver((entries) => {
    if (session && !panel && entries.some((e) => e.isIntersecting)) void open();
  });

  return {
    start(s) {
      session = s;
      observer.observe(section);
    },
    setWatchlists(items) {
      watchlists = items;
      panel?.setWatchlists(items);
    },
    setMembers(emails) {
      members = emails;
      panel?.setMembers(emails);
    },
    changed(kinds: ChartKind[]) {
      panel?.changed(kinds);
    },
    stop() {
      observer.disconnect();
      panel?.stop();
      panel = null;
      session = null;
    },
  };
}
