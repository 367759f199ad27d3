/**
 * The one way the dashboard puts data on screen: elements built with createElement, text set as
 * text nodes. Nothing here parses HTML, so a post's content or a member's name can never run as
 * markup (and the page's CSP forbids inline script besides).
 */

export type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'href' || name === 'src') {
      const url = safeUrl(String(value));
      if (url) el.setAttribute(name, url);
      continue;
    }
    el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

/** Replaces every child of `parent`. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`dashboard markup lacks #${id}`);
  return el as T;
}

/** Links come from collected data: only http(s) and same-origin paths, never `javascript:`. */
export function safeUrl(raw: string): string | null {
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An external link that opens in a new tab without giving it a handle on this page. */
export function externalLink(href: string, text: string, attrs: Attrs = {}): HTMLElement {
  const url = safeUrl(href);
  if (!url) return h('span', attrs, text);
  return h('a', { ...attrs, href: url, target: '_blank', rel: 'noopener noreferrer' }, text);
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago"; the exact time goes in the title attribute. */
export function timeAgo(iso: string | null, now = Date.now()): HTMLElement {
  if (!iso) return h('span', { class: 'muted' }, 'never');
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return h('span', {}, iso);
  let value = (at.getTime() - now) / 1000;
  let text = 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) {
      text = unit === 'second' && Math.abs(value) < 45 ? 'just now' : relative.format(Math.round(value), unit);
      break;
    }
    value /= size;
  }
  return h('time', { datetime: at.toISOString(), title: at.toLocaleString() }, text);
}

/** A short status line under a form: polite for screen readers, red for errors. */
export function setStatus(el: HTMLElement, text: string, kind: 'info' | 'error' | 'ok' = 'info'): void {
  el.textContent = text;
  el.dataset.kind = kind;
}

/** Disables a form's controls while `work` runs, so a double click sends one request. */
export async function busy<T>(form: HTMLFormElement, work: () => Promise<T>): Promise<T> {
  const controls = [...form.elements].filter(
    (e): e is HTMLButtonElement | HTMLInputElement => e instanceof HTMLButtonElement || e instanceof HTMLInputElement,
  );
  const before = controls.map((c) => c.disabled);
  controls.forEach((c) => (c.disabled = true));
  form.setAttribute('aria-busy', 'true');
  try {
    return await work();
  } finally {
    controls.forEach((c, i) => (c.disabled = before[i]!));
    form.removeAttribute('aria-busy');
  }
}
