import type { NetworkPost } from '../../contract/task-outputs.js';
import { postTimeFromUrn } from '../../contract/urns.js';
import { callNetwork } from '../call.js';
import { NetworkError } from '../errors.js';
import { collectPages } from '../paging.js';
import { notUnderstood } from '../read/answer.js';
import { readPost } from '../read/post.js';
import { postUrnIn } from '../read/urns.js';
import { searchWindow } from '../steps/content-search.js';
import type { Operation, OperationContext } from './context.js';

/** How far past `count` search results the operation reads to find `count` posts that match. */
const SEARCH_DEPTH = 3;
const HOUR = 3_600_000;
/** The network's date windows, narrowest first, with the hour a queued task may have waited. */
const WINDOWS: [string, number][] = [
  ['past-24h', 24 * HOUR],
  ['past-week', 7 * 24 * HOUR],
  ['past-month', 30 * 24 * HOUR],
];

/**
 * Keyword-watchlist collection: posts matching the keyword, newest first, with the watchlist's
 * required (AND) and excluded (NOT) keywords applied to each post's text, case-insensitively, up to
 * `count` posts that match: pages go on past posts the keywords leave out, to three times `count`
 * results at most.
 *
 * A cycle reads only what is new (docs/network-map.md, "Server-driven calls"): the service says
 * what the watchlist already holds for this keyword, the search asks for the narrowest date window
 * that covers everything since its newest post, and paging stops at the first page that reaches a
 * known post. One search id per cycle, kept across its pages, as the web app does. Results that
 * come hollow are read one by one only when no way of the map gives whole posts
 * (steps/content-search.ts), and known ones never.
 */
export const agentKeywordTracking: Operation<'agent_keyword_tracking'> = async (input, ctx) => {
  const matching = (p: NetworkPost) => matches(p, input.required_keywords, input.excluded_keywords);
  const known = new Set(
    (input.known_post_urns ?? []).map(postUrnIn).filter((u): u is string => !!u),
  );
  // Post ids encode their time: the newest known post dates the window.
  const times = [...known].map((u) => Date.parse(postTimeFromUrn(u) ?? '')).filter(Number.isFinite);
  const newest = times.length ? Math.max(...times) : null;
  const isKnown = (urn: string, postedAt: string | null) =>
    known.has(urn) || (newest !== null && postedAt !== null && Date.parse(postedAt) <= newest);
  const window =
    newest === null
      ? undefined
      : WINDOWS.find(([, span]) => Date.now() - newest + HOUR <= span)?.[0];
  const vars = {
    keywords: input.keyword,
    date_posted: window ? [window] : undefined,
    search_id: crypto.randomUUID(),
  };

  let reachedKnown = false;
  let unresolved: NetworkError | null = null;
  let resolved = 0;
  const { items } = await collectPages<NetworkPost>({
    want: input.count * SEARCH_DEPTH,
    enough: (posts) => reachedKnown || posts.filter(matching).length >= input.count,
    fetchPage: async (page) => {
      const found = await searchWindow(ctx, { ...vars, start: page.start, count: page.count });
      const posts = [...found.posts];
      if (posts.some((p) => isKnown(p.social_urn, p.posted_at))) reachedKnown = true;
      for (const urn of found.hollow) {
        // Newest first: a known result means the rest of the window is known too.
        if (isKnown(urn, postTimeFromUrn(urn)) || reachedKnown) {
          reachedKnown = true;
          break;
        }
        await ctx.pause();
        try {
          const post = await postByUrn(ctx, urn);
          if (post && isKnown(post.social_urn, post.posted_at)) reachedKnown = true;
          if (post) posts.push(post);
          resolved++;
        } catch (err) {
          // One post that no way can fetch may be one deleted post; every one failing is a changed network.
          if (!(err instanceof NetworkError) || err.code !== 'network_changed') throw err;
          unresolved = err;
        }
      }
      return {
        items: posts,
        size: found.size,
        total: found.total,
        token: null,
        by: 'start' as const,
      };
    },
    key: (post) => post.social_urn,
    pause: ctx.pause,
  });
  if (unresolved && resolved === 0) throw unresolved;
  return { posts: items.filter(matching).slice(0, input.count) };
};

/** One update by its URN; a post that is gone or not visible any more is left out. */
async function postByUrn(ctx: OperationContext, urn: string): Promise<NetworkPost | null> {
  try {
    return await callNetwork(ctx, 'post', { post_urn: urn }, (answer) => {
      for (const candidate of answer.fields.candidates(answer.root)) {
        const read = readPost(candidate, answer.fields, 'post');
        if (read) return 'post' in read ? read.post : null;
      }
      throw notUnderstood('post', answer, `readable update for ${urn} (URN and author or text)`);
    });
  } catch (err) {
    if (err instanceof NetworkError && (err.code === 'not_found' || err.code === 'access_denied'))
      return null;
    throw err;
  }
}

function matches(post: NetworkPost, required: string[], excluded: string[]): boolean {
  const text = post.content.toLowerCase();
  const words = (list: string[]) => list.map((k) => k.trim().toLowerCase()).filter(Boolean);
  return (
    words(required).every((k) => text.includes(k)) && !words(excluded).some((k) => text.includes(k))
  );
}
