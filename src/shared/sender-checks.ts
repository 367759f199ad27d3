/**
 * Who may talk to whom. The browser stamps every message with its sender; each receiver checks
 * that stamp before it looks at the payload (Bitwarden's rule: content scripts are the least
 * trusted place in an extension, and web pages may try to reach us too). There is no pass path.
 */

/** The parts of `runtime.MessageSender` we rely on (stamped by the browser, not the sender). */
export interface SenderLike {
  id?: string;
  url?: string;
  frameId?: number;
  tab?: { id?: number; url?: string };
}

export interface OwnExtension {
  /** browser.runtime.id */
  id: string;
  /** browser.runtime.getURL('/'), e.g. `chrome-extension://<id>/` */
  baseUrl: string;
}

export const NETWORK_ORIGIN = 'https://www.linkedin.com';

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** One of our own extension pages (the popup, also when opened as a tab). Never a content script. */
export function isOwnExtensionPage(sender: SenderLike, ext: OwnExtension): boolean {
  return sender.id === ext.id && !!sender.url && sender.url.startsWith(ext.baseUrl);
}

/** Our content script in the top frame of a https://www.linkedin.com tab. */
export function isNetworkTopFrame(sender: SenderLike, ext: OwnExtension): boolean {
  if (sender.id !== ext.id || !sender.tab || typeof sender.tab.id !== 'number') return false;
  if (sender.frameId !== 0) return false;
  return (
    originOf(sender.url) === NETWORK_ORIGIN &&
    originOf(sender.tab.url ?? sender.url) === NETWORK_ORIGIN
  );
}

/**
 * Our background worker: our id, no tab, and the worker's own URL (Chrome: the service worker
 * script; Firefox MV2: its generated background page), so not the popup either.
 */
export function isOwnWorker(sender: SenderLike, ext: OwnExtension): boolean {
  if (sender.id !== ext.id || sender.tab) return false;
  if (!sender.url?.startsWith(ext.baseUrl)) return false;
  const path = sender.url.slice(ext.baseUrl.length).split(/[?#]/)[0];
  return path === 'background.js' || path === '_generated_background_page.html';
}
