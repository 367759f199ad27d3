import { html, nothing } from 'lit-html';
import { exactTime, timeAgo } from './time.js';

/**
 * The one view layer of the extension's popup and the team dashboard: lit-html templates (text is
 * always set as text, never parsed as markup), and the few pieces both draw the same way. No
 * browser-extension or service code here: both sides import it.
 */
export { html, nothing, render, type TemplateResult } from 'lit-html';

/** "5 min ago", the exact time on hover (time.ts words it); `never` when there is no time. */
export function timeTag(at: number | string | null | undefined, now = Date.now(), never = 'never') {
  if (at === null || at === undefined) return html`<span class="muted">${never}</span>`;
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (Number.isNaN(ms)) return html`<span>${String(at)}</span>`;
  return html`<time datetime=${new Date(ms).toISOString()} title=${exactTime(ms)}>${timeAgo(ms, now)}</time>`;
}

/** Links may come from collected data: only http(s) and same-origin paths, never `javascript:`. */
function safeUrl(raw: string): string | null {
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A link that opens in a new tab without a handle on this page; plain text when the URL is not safe. */
export function externalLink(href: string, text: string, cls?: string) {
  const url = safeUrl(href);
  if (!url) return html`<span class=${cls ?? nothing}>${text}</span>`;
  return html`<a class=${cls ?? nothing} href=${url} target="_blank" rel="noopener noreferrer">${text}</a>`;
}
