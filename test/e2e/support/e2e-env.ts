/**
 * The e2e service's fixed loopback port: the extension is built with its URL as the default service
 * (a host permission of the manifest), so it must be known before the build.
 */
export const E2E_SERVICE_PORT = Number(process.env.E2E_SERVICE_PORT ?? 18787);
export const E2E_SERVICE_URL = `http://127.0.0.1:${E2E_SERVICE_PORT}`;
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The built extension; scripts/store-screenshots.ts builds one of its own elsewhere. */
export const EXTENSION_DIR =
  process.env.E2E_EXTENSION_DIR ??
  new URL('../../../.output/chrome-mv3/', import.meta.url).pathname;
/** Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi (test/e2e/firefox.spec.ts). */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** The built Firefox add-on (`wxt build -b firefox`, MV2). */
export const FIREFOX_EXTENSION_DIR =
  process.env.E2E_FIREFOX_EXTENSION_DIR ??
  new URL('../../../.output/firefox-mv2/', import.meta.url).pathname;
