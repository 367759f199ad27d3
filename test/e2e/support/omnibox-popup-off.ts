import { readdirSync, readFileSync } from 'node:fs';

/**
 * Chromium preloads its omnibox popup, a WebUI page, in a renderer of its own, headless or not: a
 * good part of a launch's CPU for a popup no test opens. Turning it off is a `--disable-features`
 * entry, and Chromium reads only the last `--disable-features` it is given, so ours must carry
 * Playwright's own list (which Playwright does not expose, and which changes with its versions).
 * The list is read from the command line of the first browser this process launched, and every
 * later launch passes both lists as one. Linux only (`/proc`); elsewhere nothing changes.
 */
const OMNIBOX_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];
const DISABLE = '--disable-features=';

/** Playwright's `--disable-features` argument as a launch passed it; null until one was read. */
let playwrights: string | null = null;

/** What a launch adds to turn the omnibox popup off, once Playwright's list is known. */
export function omniboxPopupOff(): { args: string[]; ignoreDefaultArgs: string[] } {
  if (playwrights === null) return { args: [], ignoreDefaultArgs: [] };
  const list = playwrights.slice(DISABLE.length);
  return {
    args: [`${DISABLE}${[list, ...OMNIBOX_POPUP].filter(Boolean).join(',')}`],
    ignoreDefaultArgs: [playwrights],
  };
}

/** Reads Playwright's list from the browser launched on `userDataDir` (its main process). */
export function learnPlaywrightFeatures(userDataDir: string): void {
  if (playwrights !== null || process.platform !== 'linux') return;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (
      !args.includes(`--user-data-dir=${userDataDir}`) ||
      args.some((a) => a.startsWith('--type='))
    )
      continue;
    // Ours come after Playwright's: the first is Playwright's, unless this launch passed both.
    const first = args.find((a) => a.startsWith(DISABLE));
    if (first && !OMNIBOX_POPUP.some((f) => first.includes(f))) playwrights = first;
    return;
  }
}
