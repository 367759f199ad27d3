import { createHash } from 'node:crypto';
import type { FakeDataset, FakePost } from './dataset.js';
import { ComponentStream, el, type Element, type RowRef } from './rsc-stream.js';
import { authorOf } from './shapes.js';
import { postIndex, postTime, relativeTime } from './voices.js';

/**
 * sdui_2026: one answer of the content-search pager (`com.linkedin.sdui.search.contentSearchResults`)
 * as a component stream (rsc-stream.ts), from the facts ("Server-driven screens (SDUI), measured
 * 2026-10", "Keyword post search through the pager"). What the facts fix:
 * - each post a component named (`viewTrackingSpecs.viewName`) `feed-full-update` holding
 *   `feed-actor` (the author's name; a member adds a degree line "• 2nd", a page none),
 *   `feed-actor-sub-description` (relative time) and `feed-commentary` (the text: the strings under
 *   `children`, a `br` element per line break);
 * - its permalink `https://www.linkedin.com/posts/<author>_<words>-activity-<id>-<x>` or
 *   `https://www.linkedin.com/feed/update/urn:li:activity:<id>`;
 * - counts as state values `commentCount-<urn>`, `repostCount-<urn>`, `ReactionType_<KIND>_<urn>`
 *   (summing to the reactions), each `{"$case":"intValue","intValue":n}`, `<urn>` the update's own
 *   (also in an id `reactionsCount-<urn>`), which can differ from the permalink's id.
 * What is our choice (the facts are silent), so that a reader must find things by meaning:
 * - three layouts, by dataset index % 3: (0) the update inline in a list-item row, permalink under
 *   `url` of the timestamp's link (`/posts/…`, with `utm_*` parameters on every other one), states
 *   inline in the counts component (`initialStates`); (1) the update's parts split into rows of their
 *   own, permalink (`/feed/update/…`) under `url` of a "Copy link to post" action in the control
 *   menu, states in a state row at the end of the stream; (2) the update nested in decorative
 *   wrappers (div > Card > div), permalink (`/posts/…`) under `href` of an `a` around the commentary,
 *   states in the same late state row;
 * - the update's own URN: `urn:li:ugcPost:<id>` for ugcPost posts, `urn:li:share:<id − 1234567>` for
 *   activity posts at dataset index % 4 === 1, else `urn:li:activity:<id>`;
 * - a state entry `{key: {stateKey: {value: {$case: "id", id: <key>}}}, value}` inline, and
 *   `{$type, key: {$type, value: {$case: "id", id: <key>}, namespace}, value}` in the late row;
 * - the first page also holds a search filter bar, a promoted post (an ad: no permalink, its own
 *   counts) after the third post, and a "People also searched" cluster after the seventh; later pages
 *   the cluster after the second post; a page with fewer posts than asked ends with "No more results".
 * `changed` (mode changed_shapes): the post component is renamed `feed-update-v2`, as a release that
 * renames it would.
 */

export interface ContentPage {
  posts: FakePost[];
  startIndex: number;
  keywords: string;
  /** No posts after this page. */
  last: boolean;
  changed: boolean;
}

type Json = Record<string, unknown>;
const ORIGIN = 'https://www.linkedin.com';
const DEGREE: Record<string, string> = {
  DISTANCE_1: '• 1st',
  DISTANCE_2: '• 2nd',
  DISTANCE_3: '• 3rd+',
  OUT_OF_NETWORK: '• 3rd+',
};
const view = (viewName: string, trackingId?: string) => ({
  viewTrackingSpecs: { viewName, ...(trackingId ? { trackingId } : {}) },
});
const trackingIdOf = (seed: string) =>
  createHash('sha1').update(seed).digest('base64').slice(0, 22) + '==';

/** The update's own URN in server-driven screens (see above). */
export function ownUrn(post: FakePost, ds: FakeDataset): string {
  if (post.kind === 'ugcPost') return `urn:li:ugcPost:${post.activityId}`;
  if (postIndex(ds, post) % 4 === 1) return `urn:li:share:${BigInt(post.activityId) - 1_234_567n}`;
  return `urn:li:activity:${post.activityId}`;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
function suffix(id: string): string {
  let n = BigInt(id) % 14_776_336n; // 62^4
  let out = '';
  for (let i = 0; i < 4; i++) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

/** The post's permalink, in the form its layout uses. */
export function permalink(post: FakePost, ds: FakeDataset): string {
  const i = postIndex(ds, post);
  if (i % 3 === 1) return `${ORIGIN}/feed/update/urn:li:activity:${post.activityId}/`;
  const author =
    post.author.kind === 'person'
      ? ds.profiles.find((p) => p.id === (post.author as { profileId: string }).profileId)!.slug
      : ds.companies.find((c) => c.id === (post.author as { companyId: number }).companyId)!.slug;
  const words = post.text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6)
    .join('-');
  const tracking = i % 2 === 0 ? '?utm_source=share&utm_medium=member_desktop' : '';
  return `${ORIGIN}/posts/${author}_${words}-activity-${post.activityId}-${suffix(post.activityId)}${tracking}`;
}

/** Reaction kinds present on a post and their counts, summing to its likes. */
export function reactionSplit(post: FakePost, i: number): [string, number][] {
  const n = post.likes;
  if (n < 4) return n > 0 ? [['LIKE', n]] : [];
  const parts: [string, number][] = [
    ['PRAISE', Math.floor(n * 0.15)],
    ['EMPATHY', i % 2 === 0 ? Math.floor(n * 0.08) : 0],
    ['INTEREST', i % 3 === 0 ? Math.floor(n * 0.05) : 0],
    ['ENTERTAINMENT', i % 5 === 0 ? 1 : 0],
  ];
  const rest = parts.reduce((s, [, c]) => s + c, 0);
  const all: [string, number][] = [['LIKE', n - rest], ...parts];
  // Not always LIKE first: the order carries no meaning.
  const present = all.filter(([, c]) => c > 0);
  return i % 2 === 1 ? present.reverse() : present;
}

/** The text as children: strings, a `br` per line break, `#hashtags` as links; layout 1 splits the first line in two strings. */
function textChildren(text: string, split: boolean): unknown[] {
  const out: unknown[] = [];
  text.split('\n').forEach((line, n) => {
    if (n > 0) out.push(el('br'));
    const parts = line.split(/(#[A-Za-z]\w*)/).filter(Boolean);
    for (const part of parts) {
      if (part.startsWith('#'))
        out.push(
          el('a', {
            href: `${ORIGIN}/feed/hashtag/${part.slice(1).toLowerCase()}`,
            children: part,
          }),
        );
      else if (split && n === 0 && part.includes(' ', 4)) {
        const at = part.indexOf(' ', Math.floor(part.length / 2));
        if (at > 0) out.push(part.slice(0, at), part.slice(at));
        else out.push(part);
      } else out.push(part);
    }
  });
  return out;
}

export function contentSearchStream(page: ContentPage, ds: FakeDataset, now = Date.now()): string {
  const s = new ComponentStream();
  const Pager = s.module('SduiPaginatedList');
  const Card = s.module('Card');
  const Link = s.module('SduiLink');
  const Component = s.module('SduiComponent');
  const Counter = s.module('StateBoundCounter');
  const lateStates: Json[] = [];
  const items: RowRef[] = [];
  const updateName = page.changed ? 'feed-update-v2' : 'feed-full-update';

  const stateEntry = (key: string, n: number, late: boolean): Json =>
    late
      ? {
          $type: 'proto.sdui.state.StateUpdate',
          key: {
            $type: 'proto.sdui.state.StateKey',
            value: { $case: 'id', id: key },
            namespace: 'MemoryNamespace',
          },
          value: { $case: 'intValue', intValue: n },
        }
      : {
          key: { stateKey: { value: { $case: 'id', id: key } } },
          value: { $case: 'intValue', intValue: n },
        };

  /** The counts component: no numbers as text, only state keys; the states inline or in the late row. */
  function counts(
    urn: string,
    reactions: [string, number][],
    comments: number,
    reposts: number,
    late: boolean,
  ): Element {
    const entries = [
      ...reactions.map(([k, c]) => stateEntry(`ReactionType_${k}_${urn}`, c, late)),
      stateEntry(`commentCount-${urn}`, comments, late),
      stateEntry(`repostCount-${urn}`, reposts, late),
    ];
    if (late)
      lateStates.push(...entries, {
        $type: 'proto.sdui.state.StateUpdate',
        key: {
          $type: 'proto.sdui.state.StateKey',
          value: { $case: 'id', id: `isSaved-${urn}` },
          namespace: 'MemoryNamespace',
        },
        value: { $case: 'boolValue', boolValue: false },
      });
    return el(Component, {
      ...view('feed-social-activity-counts'),
      children: [
        el(Counter, {
          id: `reactionsCount-${urn}`,
          reactionStateKeys: reactions.map(([k]) => `ReactionType_${k}_${urn}`),
          icons: reactions.slice(0, 3).map(([k]) => k),
        }),
        el(Counter, {
          stateKey: `commentCount-${urn}`,
          template: { one: '{n} comment', other: '{n} comments' },
        }),
        el(Counter, {
          stateKey: `repostCount-${urn}`,
          template: { one: '{n} repost', other: '{n} reposts' },
        }),
      ],
      ...(late ? {} : { initialStates: entries }),
    });
  }

  const actionBar = (urn: string) =>
    el('div', {
      className: 'feed-shared-social-action-bar',
      children: ['Like', 'Comment', 'Repost', 'Send'].map((label) =>
        el(
          Component,
          {
            ...view(`feed-${label.toLowerCase()}-button`),
            threadUrn: urn,
            children: el('span', { children: label }),
          },
          label,
        ),
      ),
    });

  function post(p: FakePost): RowRef {
    const i = postIndex(ds, p);
    const layout = i % 3;
    const a = authorOf(p, ds);
    const person =
      p.author.kind === 'person'
        ? ds.profiles.find((x) => x.id === (p.author as { profileId: string }).profileId)!
        : undefined;
    const urn = ownUrn(p, ds);
    const link = permalink(p, ds);
    const time = relativeTime(postTime(p), now);
    const actor = el(Component, {
      ...view('feed-actor'),
      'aria-label': `View ${a.name}’s profile`,
      children: [
        el(Link, { url: a.publicUrl, children: el('span', { dir: 'ltr', children: a.name }) }),
        ...(person
          ? [
              el('span', {
                className: 'feed-actor__degree',
                children: DEGREE[person.distance] ?? '',
              }),
            ]
          : []),
      ],
    });
    const description = el(Component, {
      ...view('feed-actor-description'),
      children: person
        ? person.headline
        : `${ds.companies.find((c) => c.id === (p.author as { companyId: number }).companyId)!.followers.toLocaleString('en-US')} followers`,
    });
    const timeChildren = [
      time,
      el(Component, { ...view('feed-visibility-icon'), icon: 'globe-americas-small' }),
    ];
    const subDescription = el(Component, {
      ...view('feed-actor-sub-description'),
      children: layout === 0 ? el(Link, { url: link, children: timeChildren }) : timeChildren,
    });
    const commentary = el(Component, {
      ...view('feed-commentary'),
      children: el('span', { dir: 'ltr', children: textChildren(p.text, layout === 1) }),
    });
    const socialCounts = counts(urn, reactionSplit(p, i), p.comments, p.shares, layout !== 0);
    const menu = el(Component, {
      ...view('feed-control-menu'),
      actions: [
        ...(layout === 1
          ? [
              {
                $type: 'proto.sdui.actions.core.CopyToClipboard',
                label: 'Copy link to post',
                url: link,
              },
            ]
          : []),
        { $type: 'proto.sdui.actions.core.OpenReportFlow', label: 'Report post', threadUrn: urn },
      ],
    });
    const tracking = trackingIdOf(p.activityId);
    if (layout === 1) {
      // Every part a row of its own, referenced from the update.
      const header = s.row(
        el('div', {
          className: 'update-components-actor',
          children: [s.row(actor), description, s.row(subDescription)],
        }),
      );
      const update = s.row(
        el(Component, {
          ...view(updateName, tracking),
          children: [menu, header, s.row(commentary), socialCounts, actionBar(urn)],
        }),
      );
      return s.row(el('li', { className: 'search-results__list-item', children: update }));
    }
    const header = el('div', {
      className: 'update-components-actor',
      children: [actor, description, subDescription],
    });
    const body =
      layout === 2
        ? el('a', { href: link, className: 'update-components-text', children: commentary })
        : commentary;
    const update = el(Component, {
      ...view(updateName, tracking),
      children: [header, menu, body, socialCounts, actionBar(urn)],
    });
    if (layout === 0)
      return s.row(el('li', { className: 'search-results__list-item', children: update }));
    const inner = s.row(el('div', { className: 'fie-impression-container', children: update }));
    return s.row(
      el('li', {
        children: el(Card, {
          elevation: 1,
          children: el('div', { className: 'artdeco-card', children: inner }),
        }),
      }),
    );
  }

  function ad(): RowRef {
    const urn = 'urn:li:ugcPost:7390000000000000042';
    return s.row(
      el('li', {
        children: el(Component, {
          ...view(updateName, trackingIdOf('ad')),
          children: [
            el(Component, {
              ...view('feed-actor'),
              children: el(Link, { url: `${ORIGIN}/company/motherduck/`, children: 'MotherDuck' }),
            }),
            el(Component, { ...view('feed-actor-sub-description'), children: 'Promoted' }),
            el(Component, {
              ...view('feed-commentary'),
              children: [
                'Your laptop is a DuckDB warehouse.',
                el('br'),
                'Ours is bigger. Try it free.',
              ],
            }),
            el(Link, {
              url: 'https://motherduck.example/?utm_source=linkedin&utm_campaign=search',
              children: 'Learn more',
            }),
            counts(urn, [['LIKE', 88]], 3, 1, false),
          ],
        }),
      }),
    );
  }

  const searchLink = (words: string) =>
    `${ORIGIN}/search/results/content/?keywords=${encodeURIComponent(words)}`;
  const related = () =>
    s.row(
      el(Component, {
        ...view('search-related-searches'),
        children: [
          el('h2', { children: 'People also searched' }),
          ...['vs sqlite', 'tutorial', 'parquet'].map((w) =>
            el(Link, {
              url: searchLink(`${page.keywords} ${w}`),
              children: `${page.keywords} ${w}`,
            }),
          ),
        ],
      }),
    );

  const first = page.startIndex === 0;
  if (first) {
    items.push(
      s.row(
        el(Component, {
          ...view('search-filters-bar'),
          children: [
            el(Link, { url: searchLink(page.keywords), children: 'Posts' }),
            el(Link, {
              url: `${searchLink(page.keywords)}&datePosted=%22past-week%22`,
              children: 'Date posted',
            }),
            el(Link, {
              url: `${searchLink(page.keywords)}&sortBy=%22date_posted%22`,
              children: 'Sort by',
            }),
          ],
        }),
      ),
    );
  }
  page.posts.forEach((p, n) => {
    items.push(post(p));
    if (first && n === 2) items.push(ad());
    if ((first && n === 6) || (!first && n === 1)) items.push(related());
  });
  if (page.last)
    items.push(
      s.row(el(Component, { ...view('search-results-end'), children: 'No more results' })),
    );
  const states = lateStates.length
    ? [
        s.row(
          { $type: 'proto.sdui.state.StateBatch', updates: lateStates },
          { lazy: false, late: true },
        ),
      ]
    : [];
  s.root(
    el(Pager, {
      pagerId: 'com.linkedin.sdui.search.contentSearchResults',
      startIndex: page.startIndex,
      children: el('ul', { className: 'search-results__list', children: items }),
      states,
    }),
  );
  return s.toString();
}
