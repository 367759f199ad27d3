import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The dashboard's files as the route serves them, made from their sources in src/dashboard/
 * (browser code, which the service never imports). Build time only:
 * `npm run build` writes them beside the compiled service (scripts/build-service.ts), and a
 * service run from the TypeScript sources (tsx, vitest, Playwright, bench) makes them in memory.
 * The compiled service never loads this module, so esbuild is no runtime dependency.
 */

/** The dashboard's own room (src/dashboard/): browser code, its page and style. */
const CLIENT = new URL('../../dashboard/', import.meta.url);
/** The extension's mark (assets/icon.svg) and its rendered PNGs (public/icons/): the favicon. */
const REPO = new URL('../../../', import.meta.url);

/** Served name → source file, for the files served as they are. */
const COPIED: Record<string, URL> = {
  'index.html': new URL('index.html', CLIENT),
  'app.css': new URL('dashboard.css', CLIENT),
  // The same mark as the extension's toolbar icon and popup; the PNG for browsers without SVG icons.
  'icon.svg': new URL('assets/icon.svg', REPO),
  'icon-32.png': new URL('public/icons/32.png', REPO),
  // The chart library's style, loaded with charts.js by the panel that charts.
  'charts.css': new URL('node_modules/uplot/dist/uPlot.min.css', REPO),
};

/** Served name → entry of a bundle: the page's script, and the charts panel loaded on demand. */
const BUNDLED: Record<string, URL> = {
  'app.js': new URL('main.ts', CLIENT),
  'charts.js': new URL('charts-entry.ts', CLIENT),
};

export const DASHBOARD_FILES = [...Object.keys(BUNDLED), ...Object.keys(COPIED)] as const;

async function bundleClient(entry: URL): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.contents;
}

/** One served file by its served name (`app.js` and `charts.js` are bundled from their sources). */
export async function dashboardFile(name: string): Promise<Uint8Array> {
  const entry = BUNDLED[name];
  if (entry) return bundleClient(entry);
  const source = COPIED[name];
  if (!source) throw new Error(`No dashboard file is served as ${name}`);
  return readFile(source);
}

/** Writes every served file into `dir` under its served name: what the compiled route reads. */
export async function writeDashboard(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await Promise.all(
    DASHBOARD_FILES.map(async (name) => writeFile(`${dir}/${name}`, await dashboardFile(name))),
  );
}
