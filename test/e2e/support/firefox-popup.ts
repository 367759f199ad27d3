import { expect } from '@playwright/test';
import type { Browser, Page } from 'puppeteer-core';
import { mailedCode, readCredentialVault, setFastPace } from './harness.js';

/**
 * The add-on's popup in Firefox, driven as a member does: one place for what the Firefox test does
 * in the popup (signIn, pause, reading its rows), so a new step of the popup (a consent screen
 * before sign-in, say) is taught here once. Selectors are the popup's own ids and data-testids,
 * the same the Chromium tests use (src/popup/view.ts).
 */
export class FirefoxPopup {
  private constructor(readonly page: Page) {}

  static async open(browser: Browser, url: string): Promise<FirefoxPopup> {
    const page = await browser.newPage();
    await page.setViewport({ width: 360, height: 640 });
    // The page loads in the add-on's process; the load event of that switch never reaches
    // WebDriver BiDi, so the navigation is not awaited: the popup's own first drawing is.
    await page.goto(url, { timeout: 3_000 }).catch(() => {});
    const popup = new FirefoxPopup(page);
    await expect.poll(() => popup.evaluate(() => location.href), { timeout: 15_000 }).toBe(url);
    await expect.poll(() => popup.text('#app'), { timeout: 15_000 }).not.toMatch(/^(Loading…)?$/);
    return popup;
  }

  /** Runs `fn` in the popup's document, where the add-on's `browser` API is. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    return this.page.evaluate(fn as never, ...args) as Promise<T>;
  }

  /** The text of the first element matching `selector`, '' when there is none. */
  text(selector: string): Promise<string> {
    return this.evaluate(
      (s: string) => document.querySelector(s)?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      selector,
    ).catch(() => '');
  }

  count(selector: string): Promise<number> {
    return this.evaluate((s: string) => document.querySelectorAll(s).length, selector).catch(
      () => -1,
    );
  }

  testId = (id: string) => `[data-testid="${id}"]`;

  async expectText(selector: string, expected: string | RegExp, timeout = 15_000) {
    const matcher =
      typeof expected === 'string'
        ? expect.stringContaining(expected)
        : expect.stringMatching(expected);
    await expect.poll(() => this.text(selector), { timeout, message: selector }).toEqual(matcher);
  }

  badge = () => this.text('#badge');

  /**
   * A real click (WebDriver BiDi input): the popup's handlers see user input, as from a person.
   * Puppeteer clicks at the point where it last saw the element stand still; a redraw in between
   * (a heartbeat's answer adding a line above) can move it, and the click lands on something else.
   * Where the click landed is read from the document: one that missed is made again, as a person
   * would; one that landed is never repeated, so a button that does nothing still fails the test.
   */
  async click(selector: string) {
    for (let tries = 1; ; tries++) {
      await this.evaluate((s: string) => {
        const w = globalThis as { clickLanded?: boolean };
        w.clickLanded = false;
        document.addEventListener(
          'click',
          (e) => {
            w.clickLanded = e.target instanceof Element && e.target.closest(s) !== null;
          },
          { capture: true, once: true },
        );
      }, selector);
      await this.page.locator(selector).click();
      const landed = await this.evaluate(
        () => (globalThis as { clickLanded?: boolean }).clickLanded === true,
      ).catch(() => true);
      if (landed) return;
      if (tries === 3) throw new Error(`three clicks on ${selector} landed elsewhere`);
      console.warn(`a click on ${selector} landed elsewhere (the popup moved); clicking again`);
    }
  }

  async fill(selector: string, value: string) {
    await this.page.locator(selector).fill(value);
  }

  /** What the add-on stored under `key` (browser.storage.local), read from the popup's document. */
  storage<T = unknown>(key: string): Promise<T | undefined> {
    type Ext = {
      browser: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } };
    };
    return this.evaluate(
      async (k: string) => (await (globalThis as unknown as Ext).browser.storage.local.get(k))[k],
      key,
    ) as Promise<T | undefined>;
  }

  /** Signs in with the mailed code, as a member would; answers the stored credentials. */
  async signIn(outboxDir: string, email: string, fullName: string) {
    const sentAfter = Date.now() - 1_000;
    await this.fill('#email', email);
    await this.fill('#full-name', fullName);
    await this.click('form button.primary');
    await this.expectText('form', 'We sent a 6-digit code to');
    await this.fill('#otp', await mailedCode(outboxDir, email, sentAfter));
    await this.click('form button.primary');
    // The first-run screen (docs/agent-protocol.md, "Consent"): nothing runs before the member agrees.
    await this.expectText(this.testId('consent-agree'), 'I understand, start');
    await this.click(this.testId('consent-agree'));
    await this.expectText(this.testId('network'), 'Signed in as', 45_000);
    return (await this.evaluate(readCredentialVault)) as {
      api_key: string;
      agent_token: string;
      service_url: string;
    };
  }

  /** Pause, then resume: two heartbeats at once, and the agent claims again at once. */
  async pauseAndResume() {
    await this.click(this.testId('pause'));
    await this.expectText(this.testId('pause'), 'Resume');
    await this.click(this.testId('pause'));
    await this.expectText(this.testId('pause'), 'Pause');
  }

  /** The team's pace set to none and handed to the add-on (harness.ts, useFastPace, for Chromium). */
  async useFastPace(creds: { api_key: string; agent_token: string; service_url: string }) {
    await setFastPace(creds);
    await this.pauseAndResume();
    await expect
      .poll(
        async () => {
          const state = await this.storage<{
            pacing?: { write_max_s: number } | null;
            reported?: { paused: boolean } | null;
          }>('agent_state');
          return { write_max_s: state?.pacing?.write_max_s, paused: state?.reported?.paused };
        },
        { timeout: 20_000 },
      )
      .toEqual({ write_max_s: 0, paused: false });
  }
}
