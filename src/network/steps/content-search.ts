import type { NetworkPost } from '../../contract/task-outputs.js';
import { callNetwork, type CallAnswer } from '../call.js';
import { NetworkError } from '../errors.js';
import type { CallVars } from '../map/template.js';
import type { OperationContext } from '../operations/context.js';
import { listItems, notUnderstood } from '../read/answer.js';
import { lacking } from '../read/completeness.js';
import { classifySearchItem } from '../read/search-items.js';
import { postsOfStream } from '../read/stream-posts.js';

/** One window of a keyword search: the posts read, and the URNs of results that came hollow. */
interface SearchPage {
  posts: NetworkPost[];
  /** Results that carry a post URN and nothing else: each is read by its URN, the last resort. */
  hollow: string[];
  /** Results the window held, read or not: where the next one starts. */
  size: number;
  total: number | null;
}

/**
 * One window of the keyword search (`content_search`), by the first way of the map that gives
 * posts (docs/network-map.md, "Server-driven calls"): the results page's pager, whose stream is
 * read by meaning, or a JSON search. A JSON answer whose results come hollow does not give posts,
 * so the next way is tried; when no way does, the hollow results that carry a URN are read one by
 * one, and the session remembers that, so later windows go straight to it. Results that are there
 * and that no way can read fail the cycle as `network_changed`, naming each way: never an empty
 * success.
 */
export async function searchWindow(ctx: OperationContext, vars: CallVars): Promise<SearchPage> {
  let hollowAnswer: { alt: string; page: SearchPage } | null = null;
  const read = (a: CallAnswer): SearchPage => {
    if (a.stream) return pagerWindow(a);
    const page = jsonWindow(a);
    if (
      page.hollow.length &&
      ctx.memory.hollowWay(ctx.map.version, 'content_search') !== a.alt.id
    ) {
      hollowAnswer = { alt: a.alt.id, page };
      throw notUnderstood(
        'content_search',
        a,
        `text, author or counts in ${page.hollow.length} of its results (hollow: a post URN and nothing else)`,
      );
    }
    return page;
  };
  try {
    return await callNetwork(ctx, 'content_search', vars, read);
  } catch (err) {
    const last = hollowAnswer as { alt: string; page: SearchPage } | null;
    if (!last || !(err instanceof NetworkError) || err.code !== 'network_changed') throw err;
    ctx.memory.rememberHollowWay(ctx.map.version, 'content_search', last.alt);
    ctx.report.used.push({ call: 'content_search', alternative: last.alt });
    return last.page;
  }
}

function jsonWindow(a: CallAnswer): SearchPage {
  const { items, size } = listItems('content_search', a, (node) => {
    const item = classifySearchItem(node, a.fields);
    return item.kind === 'other' ? null : item;
  });
  return {
    posts: items.flatMap((i) => (i.kind === 'post' ? [i.post] : [])),
    hollow: items.flatMap((i) => (i.kind === 'hollow' ? [i.urn] : [])),
    size,
    total: a.fields.total(a.root),
  };
}

function pagerWindow(a: CallAnswer): SearchPage {
  const names = a.alt.read?.names ?? {};
  const stream = a.stream!;
  if (stream.rows.size === 0)
    throw notUnderstood('content_search', a, 'component stream (no rows)');
  const found = postsOfStream(stream, names, a.fields.completeness);
  const gap = a.fields.completeness.mostlyMissing();
  if (gap) throw lacking('content_search', a.alt.id, gap);
  if (found.unnamedPermalinks > 0) {
    throw notUnderstood(
      'content_search',
      a,
      `component named ${(names.post ?? []).join(' or ') || '(no name in the map)'}, though it links ${found.unnamedPermalinks} posts`,
    );
  }
  if (found.size > 0 && found.posts.length === 0) {
    throw notUnderstood(
      'content_search',
      a,
      `readable post among its ${found.size} (an author in ${(names.author ?? []).join(' or ')}, a text in ${(names.text ?? []).join(' or ')})`,
    );
  }
  return { posts: found.posts, hollow: [], size: found.size, total: null };
}
