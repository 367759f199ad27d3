import type { NetworkCallName } from '../../contract/network-map.js';
import type { SessionMemory } from '../session-memory.js';
import type { NetworkFetch } from '../session.js';

/**
 * The GraphQL queryId the web app's own page uses (docs/network-map.md, "Learning a queryId"):
 * `learn` is `<page> <name>`; the page's HTML names the requests it makes as it loads, so the first
 * `<name>.<32 hex>` in it is the current one. Each page is read once a session; one that does not
 * load, or names none, gives null (the alternative is skipped).
 */
export async function learnedQueryId(
  ctx: { memory: SessionMemory; fetch: NetworkFetch; signal: AbortSignal },
  call: NetworkCallName,
  learn: string,
): Promise<string | null> {
  const [page = '', name = ''] = learn.split(' ');
  // Only a page of the network itself, and a plain name.
  if (page[0] !== '/' || !/^\w+$/.test(name)) return null;
  let html = ctx.memory.pages.get(page);
  if (!html) {
    html = ctx
      .fetch({ call, method: 'GET', kind: 'page', path: page, accept: 'normalized' }, ctx.signal)
      .then((a) => a.text ?? '');
    ctx.memory.pages.set(page, html);
    // A failed read is not remembered: the next task asks again.
    html.catch(() => ctx.memory.pages.delete(page));
  }
  return new RegExp(`\\b${name}\\.[0-9a-f]{32}\\b`).exec(await html)?.[0] ?? null;
}
