import { basename, join } from 'node:path';

/**
 * The browser tests run in lanes, one per Playwright worker (`TEST_PARALLEL_INDEX`): each lane has
 * its own service port and its own copy of the built extension, whose default service is that port
 * (a host permission of the manifest, so it must be known before the extension loads).
 */
export const E2E_LANES = Math.max(1, Number(process.env.E2E_LANES ?? 3));
/** Lane 0's port, the one the extension is built with; lane n serves on this plus n. */
const E2E_BASE_PORT = Number(process.env.E2E_SERVICE_PORT ?? 18787);
const E2E_LANE = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const laneServiceUrl = (lane: number) => `http://127.0.0.1:${E2E_BASE_PORT + lane}`;
export const E2E_SERVICE_PORT = E2E_BASE_PORT + E2E_LANE;
export const E2E_SERVICE_URL = laneServiceUrl(E2E_LANE);
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi (test/e2e/firefox.spec.ts). */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** The built extension (`wxt build`); scripts/store-screenshots.ts builds one of its own elsewhere. */
export const BUILT_EXTENSION_DIR =
  process.env.E2E_EXTENSION_DIR ??
  new URL('../../../.output/chrome-mv3/', import.meta.url).pathname;
/** The built Firefox add-on (`wxt build -b firefox`, MV2). */
export const BUILT_FIREFOX_EXTENSION_DIR =
  process.env.E2E_FIREFOX_EXTENSION_DIR ??
  new URL('../../../.output/firefox-mv2/', import.meta.url).pathname;
/** Where lane n (n ≥ 1) keeps its copy of a build (test/e2e/support/global-setup.ts makes it). */
export const laneCopyDir = (built: string, lane: number) =>
  lane === 0
    ? built
    : join(
        new URL('../../../.output/e2e-lanes/', import.meta.url).pathname,
        String(lane),
        basename(built),
      );
export const EXTENSION_DIR = laneCopyDir(BUILT_EXTENSION_DIR, E2E_LANE);
export const FIREFOX_EXTENSION_DIR = laneCopyDir(BUILT_FIREFOX_EXTENSION_DIR, E2E_LANE);
