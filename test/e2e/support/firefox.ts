import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startConnectProxy, type ConnectProxy } from './connect-proxy.js';
import { FIREFOX_EXTENSION_DIR, FIREFOX_PATH } from './e2e-env.js';
import { FirefoxPopup } from './firefox-popup.js';

/**
 * Firefox ESR with the built add-on, the way launchAgentBrowser (harness.ts) gives Chromium with the
 * extension: puppeteer-core over WebDriver BiDi, a profile of its own, `www.linkedin.com` reaching
 * the fake network through a local CONNECT proxy (connect-proxy.ts), the fake's self-signed
 * certificate accepted for the session.
 */

/** The add-on's fixed moz-extension:// host: Firefox gives each add-on a random one per profile unless told. */
export const ADDON_UUID = '6f1c1d2e-5a1e-4c0d-9e2b-000000000e2e';

export interface FirefoxAgent {
  browser: Browser;
  proxy: ConnectProxy;
  addonId: string;
  popupUrl: string;
  /** The popup as a tab at its moz-extension:// address (the document the toolbar opens). */
  openPopup(): Promise<FirefoxPopup>;
  close(): Promise<void>;
}

export async function launchFirefoxAgent(
  profileDir: string,
  fakePort: number,
): Promise<FirefoxAgent> {
  await mkdir(profileDir, { recursive: true });
  const manifest = JSON.parse(
    await readFile(join(FIREFOX_EXTENSION_DIR, 'manifest.json'), 'utf8'),
  ) as {
    browser_specific_settings: { gecko: { id: string } };
  };
  const addonId = manifest.browser_specific_settings.gecko.id;
  const proxy = await startConnectProxy(fakePort);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: profileDir,
    // The fake network's certificate is self-signed.
    acceptInsecureCerts: true,
    // WebDriver BiDi navigates only to http(s), file and blob pages unless allowed this: the popup
    // is a moz-extension:// page.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      // HTTPS through the CONNECT proxy; plain HTTP (the service on 127.0.0.1) goes direct.
      'network.proxy.type': 1,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': proxy.port,
      'network.proxy.allow_hijacking_localhost': true,
      'network.proxy.no_proxies_on': '',
      'extensions.webextensions.uuids': JSON.stringify({ [addonId]: ADDON_UUID }),
      // An optional permission the add-on asks for (the diagnostics consent, data-consent.ts) is
      // granted without the doorhanger, which a headless browser cannot click.
      'extensions.webextOptionalPermissionPrompts': false,
    },
  });
  try {
    const installed = await browser.installExtension(FIREFOX_EXTENSION_DIR);
    if (installed !== addonId) throw new Error(`installed ${installed}, expected ${addonId}`);
  } catch (err) {
    await browser.close();
    await proxy.close();
    throw err;
  }
  const popupUrl = `moz-extension://${ADDON_UUID}/popup.html`;
  return {
    browser,
    proxy,
    addonId,
    popupUrl,
    openPopup: () => FirefoxPopup.open(browser, popupUrl),
    async close() {
      await browser.close().catch(() => {});
      await proxy.close();
    },
  };
}
