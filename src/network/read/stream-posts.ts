import type { NetworkPost } from '../../contract/task-outputs.js';
import { postTimeFromUrn } from '../../contract/urns.js';
import { Completeness } from './completeness.js';
import { networkPost } from './post.js';
import type { ComponentStream } from './stream/stream.js';
import { pageOfUrl, postUrnOfPermalink } from './urns.js';

/**
 * Posts in a server-driven list (the keyword search's pager), found by meaning, not by position
 * (docs/network-internal-api.md, "Server-driven screens"): each post is a component named as the
 * map's `names.post` says (`feed-full-update`), its identity and date the activity id of its
 * permalink; its author the `names.author` component (name, and the member's `/in/` or the page's
 * `/company/` link; the headline in `names.headline`, else the actor's next line); its text the
 * `names.text` component; its counts state values keyed by the update's own URN, a prefix and a
 * separator before it (`commentCount-<urn>`, `repostCount-<urn>`, one `ReactionType_<KIND>_<urn>`
 * per reaction kind, summed; the separators in `names.state_key_separators`, `-` and `_` when the
 * map names none). The names come from the map, so a release that renames a component or a state
 * key is a map push. A post with a permalink is a result (completeness.ts): whole with its date, a
 * text and an author; counts no state names are unknown (null), not 0.
 */

type StreamNames = Readonly<Record<string, readonly string[]>>;

interface StreamPosts {
  posts: NetworkPost[];
  /** Post components that carry a permalink, read or not: where the list's next window starts. */
  size: number;
  /** Components with a permalink that read as no post (lacking a text or an author): a changed screen. */
  unreadable: number;
  /** Permalinks in the answer while no component bears a post's name: a renamed component. */
  unnamedPermalinks: number;
}

/** A member's degree line ("• 2nd", "3rd+") and action words sit beside the author's name. */
const NOT_A_NAME = /^(?:[•·]|(?:\d+(?:st|nd|rd|th)\+?)$|(?:follow|connect|message|\+ follow)$)/i;
const DEGREE_AFTER = /\s*[•·]\s*(?:\d+(?:st|nd|rd|th)\+?|you|author|following)\s*$/i;

/** What reading one answer's posts needs: the stream, the map's names, the count states it holds. */
interface Reading {
  stream: ComponentStream;
  of: (role: string) => readonly string[];
  states: Map<string, number>;
  countPrefixes: readonly string[];
  separators: readonly string[];
  completeness: Completeness;
}

/** Between a state key's prefix and the URN it names, when the map says nothing else. */
const STATE_KEY_SEPARATORS = ['-', '_'];

export function postsOfStream(
  stream: ComponentStream,
  names: StreamNames,
  completeness = new Completeness(),
): StreamPosts {
  const of = (role: string) => names[role] ?? [];
  const all = stream.components(of('post'));
  // A post shown inside another (a reshare's original) belongs to the one that shows it.
  const nested = new Set(
    all.flatMap((c) => stream.components(of('post'), c).filter((inner) => inner !== c)),
  );
  const updates = all.filter((c) => !nested.has(c));
  const countPrefixes = [
    ...of('comments'),
    ...of('shares'),
    ...of('reactions'),
    ...of('reactions_total'),
  ];
  const separators = of('state_key_separators');
  const reading: Reading = {
    stream,
    of,
    states: stream.intStates(countPrefixes),
    countPrefixes,
    separators: separators.length ? separators : STATE_KEY_SEPARATORS,
    completeness,
  };

  const out: StreamPosts = { posts: [], size: 0, unreadable: 0, unnamedPermalinks: 0 };
  const seen = new Set<string>();
  for (const update of updates) {
    const urn = firstOf(stream.strings(update), postUrnOfPermalink);
    // An ad has no permalink: not a post of the list.
    if (!urn) continue;
    out.size++;
    const post = readPost(reading, update, urn);
    if (!post) out.unreadable++;
    else if (!seen.has(post.social_urn)) {
      seen.add(post.social_urn);
      out.posts.push(post);
    }
  }
  if (updates.length === 0)
    out.unnamedPermalinks = new Set(stream.strings().map(postUrnOfPermalink).filter(Boolean)).size;
  return out;
}

function readPost(
  reading: Reading,
  update: Record<string, unknown>,
  urn: string,
): NetworkPost | null {
  const { stream, of } = reading;
  const actor = stream.components(of('author'), update)[0];
  const commentary = stream.components(of('text'), update)[0];
  const description = stream.components(of('headline'), update)[0];
  const timeLines = new Set<unknown>(stream.components(of('time'), actor ?? update));
  const pieces = actor
    ? stream
        .textPieces(actor, (v) => timeLines.has(v))
        .map((p) => p.trim())
        .filter((p) => p && !NOT_A_NAME.test(p))
    : [];
  // "Ada Lovelace • 2nd" may come as one text: the degree mark is no part of the name.
  const name = pieces[0]?.replace(DEGREE_AFTER, '') || null;
  const headline = description
    ? stream.text(description)
    : (pieces.slice(1).find((p) => p !== pieces[0]) ?? '');
  const content = commentary ? stream.text(commentary) : null;
  const counts = countsOf(reading, update, urn);
  const whole = reading.completeness.result(
    { posted_at: postTimeFromUrn(urn) !== null, content: !!content, post_author: !!name },
    {
      likes_count: counts.likes_count !== null,
      comments_count: counts.comments_count !== null,
      shares_count: counts.shares_count !== null,
    },
  );
  if (!whole) return null;
  const page = actor ? firstOf(stream.strings(actor), pageOfUrl) : null;
  return networkPost(urn, {
    content: content ?? '',
    post_author: {
      author_slug: page?.slug ?? '',
      author_type: page?.type ?? 'person',
      full_name: name ?? '',
      headline,
      image_url: null,
    },
    ...counts,
    image_urls: null,
    videos: null,
  });
}

/**
 * The counts of one update: its own URN is the one its state keys name inside it (it may differ
 * from the permalink's), else the permalink's.
 */
function countsOf(
  { stream, of, states, countPrefixes, separators }: Reading,
  update: Record<string, unknown>,
  permalinkUrn: string,
): Pick<NetworkPost, 'likes_count' | 'comments_count' | 'shares_count'> {
  const named = stream
    .strings(update, true)
    .filter((s) => countPrefixes.some((p) => s.startsWith(p)) && s.includes('urn:'))
    .map((s) => s.slice(s.indexOf('urn:')));
  const keyed = (urn: string) =>
    [...states.keys()].filter((key) => belongsTo(key, urn, separators));
  const urn = [...named, permalinkUrn].find((u) => keyed(u).length > 0) ?? permalinkUrn;
  const keys = keyed(urn);
  const sum = (role: string) => {
    const hits = keys.filter((k) => of(role).some((p) => k.startsWith(p)));
    return hits.length ? hits.reduce((n, k) => n + states.get(k)!, 0) : null;
  };
  // A count of nothing may have no state (a reaction kind nobody chose): with the post's other
  // counts there, a missing one is 0. Without any state of the post, every count is unknown.
  const none = keys.length ? 0 : null;
  return {
    likes_count: sum('reactions') ?? sum('reactions_total') ?? none,
    comments_count: sum('comments') ?? none,
    shares_count: sum('shares') ?? none,
  };
}

/** `commentCount-<urn>`, `ReactionType_LIKE_<urn>`: the key ends with the URN, after a separator. */
const belongsTo = (key: string, urn: string, separators: readonly string[]) =>
  key.endsWith(urn) && separators.some((s) => key.slice(0, -urn.length).endsWith(s));

function firstOf<T>(strings: string[], read: (s: string) => T | null): T | null {
  for (const s of strings) {
    const v = read(s);
    if (v) return v;
  }
  return null;
}
