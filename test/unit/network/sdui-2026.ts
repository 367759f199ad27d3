/**
 * Server-driven answers in the shape the facts measured in 2026-10 (docs/network-internal-api.md,
 * "Server-driven screens"), written by hand for the unit tests: the keyword search pager's
 * component stream, one row per line, `<hex id>:<value>`, values referring to other rows as
 * `$L<hex>` or `$<hex>`, text that begins with `$` escaped as `$$`. Posts are `feed-full-update`
 * components holding `feed-actor`, `feed-actor-sub-description` and `feed-commentary`; counts are
 * state values keyed by the update's URN. Wrappers, import rows and rows that are no JSON are mixed
 * in, as a real stream has them.
 */

import { activityId, T0 } from './shapes-2026.js';

export interface StreamPostSpec {
  /** The activity id of the permalink (dates the post). */
  id: string;
  author: { name: string; slug: string; page?: boolean; degree?: string; headline?: string };
  /** Lines of the text: a `br` element between them. */
  lines: string[];
  reactions?: Record<string, number>;
  comments?: number;
  reposts?: number;
  /** `posts` (default): `/posts/<slug>_<words>-activity-<id>-<x>`; `update`: `/feed/update/urn:li:activity:<id>`; `none`: an ad. */
  permalink?: 'posts' | 'update' | 'none';
  /** The update's own URN in its state keys, when it differs from the permalink's. */
  stateUrn?: string;
}

/** Builds a stream: rows are added in order; `ref` answers the `$L<hex>` of a row. */
class StreamWriter {
  private readonly rows: string[] = [];
  private next = 0x10;
  add(value: unknown, id = this.next++): string {
    this.rows.push(
      `${id.toString(16)}:${typeof value === 'string' ? value : JSON.stringify(value)}`,
    );
    return `$L${id.toString(16)}`;
  }
  raw(line: string) {
    this.rows.push(line);
  }
  text() {
    return `${this.rows.join('\n')}\n`;
  }
}

/** A text as the stream carries it: a leading `$` doubled. */
export const esc = (s: string) => (s.startsWith('$') ? `$${s}` : s);
const el = (type: string, props: Record<string, unknown>) => ['$', type, null, props];

export function permalinkOf(p: StreamPostSpec): string | null {
  if (p.permalink === 'none') return null;
  if (p.permalink === 'update')
    return `https://www.linkedin.com/feed/update/urn:li:activity:${p.id}/`;
  return `https://www.linkedin.com/posts/${p.author.slug}_${p.lines[0]!.toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .slice(0, 30)}-activity-${p.id}-AbCd?utm_source=share`;
}

/** The keyword search pager's answer holding these posts, in this order. */
export function pagerStream(
  posts: StreamPostSpec[],
  options: { statesAsList?: boolean } = {},
): string {
  const w = new StreamWriter();
  w.add(el('$L1', { children: el('$L2', { className: 'search-results', children: '$L3' }) }), 0);
  w.add('I["/static/chunks/search-results.js",["search"],"SearchResultsContent"]', 1);
  w.raw('2:HL["/static/fonts/main.woff2","font"]');
  const postRefs: string[] = [];
  const states: Record<string, unknown> = {};
  for (const p of posts) {
    const urn = p.stateUrn ?? `urn:li:activity:${p.id}`;
    const sub = w.add(
      el('$L4', {
        viewTrackingSpecs: { viewName: 'feed-actor-sub-description' },
        children: ['14h • ', el('span', { children: 'Edited' })],
      }),
    );
    const nameParts: unknown[] = [
      el('span', { 'aria-hidden': true, children: esc(p.author.name) }),
    ];
    if (p.author.degree) nameParts.push(el('span', { children: ` • ${p.author.degree}` }));
    const link = p.author.page
      ? `/company/${p.author.slug}/`
      : `https://www.linkedin.com/in/${p.author.slug}/`;
    const actor = w.add(
      el('div', {
        viewTrackingSpecs: [{ viewName: 'feed-actor', trackingId: 'dGVzdA==' }],
        children: [
          el('a', { href: link, children: nameParts }),
          p.author.headline ? el('p', { children: esc(p.author.headline) }) : null,
          sub,
        ],
      }),
    );
    const textChildren: unknown[] = [];
    p.lines.forEach((line, i) => {
      if (i > 0) textChildren.push(el('br', {}));
      textChildren.push(esc(line));
    });
    const commentary = w.add(
      el('$L5', {
        viewTrackingSpecs: { viewName: 'feed-commentary' },
        children: el('span', { dir: 'ltr', children: textChildren }),
      }),
    );
    const permalink = permalinkOf(p);
    const update = el('$L6', {
      viewTrackingSpecs: { viewName: 'feed-full-update', trackingId: 'AbCdEf==' },
      children: [
        el('div', { className: 'header', children: actor }),
        p.permalink === 'none' ? el('span', { children: 'Promoted' }) : null,
        commentary,
        el('div', {
          className: 'social',
          children: [el('span', { id: `reactionsCount-${urn}`, children: '$L7' })],
        }),
        permalink
          ? el('button', {
              action: { $case: 'copyLink', url: permalink },
              children: 'Copy link to post',
            })
          : null,
      ],
    });
    // Posts sit behind a reference, some behind a plain `$<hex>` one.
    const ref = w.add(update);
    postRefs.push(postRefs.length % 2 ? ref.replace('$L', '$') : ref);
    for (const [kind, n] of Object.entries(p.reactions ?? {}))
      states[`ReactionType_${kind}_${urn}`] = { $case: 'intValue', intValue: n };
    if (p.comments !== undefined)
      states[`commentCount-${urn}`] = { $case: 'intValue', intValue: p.comments };
    if (p.reposts !== undefined)
      states[`repostCount-${urn}`] = { $case: 'intValue', intValue: p.reposts };
  }
  w.raw('8:this row is no JSON at all');
  w.add(el('div', { className: 'results-list', children: postRefs }), 3);
  const list = Object.entries(states).map(([key, value]) => ({ key, value: { value } }));
  w.add(
    {
      $type: 'proto.sdui.State',
      states: options.statesAsList ? list : states,
      other: { 'unrelated-1': { $case: 'intValue', intValue: 99 } },
    },
    9,
  );
  return w.text();
}

const at = (hoursAgo: number, salt: number) => activityId(T0 - hoursAgo * 3_600_000, salt);

/** Three posts and an ad, in every form the facts name. */
export const SAMPLE: StreamPostSpec[] = [
  {
    id: at(1, 11),
    author: {
      name: 'Ada Lovelace',
      slug: 'ada-lovelace',
      degree: '2nd',
      headline: 'Analyst at Acme Robotics',
    },
    lines: ['DuckDB in the browser is fast.', 'Really fast.'],
    reactions: { LIKE: 10, PRAISE: 3, EMPATHY: 1 },
    comments: 4,
    reposts: 2,
  },
  {
    id: at(2, 12),
    author: { name: 'Acme Robotics', slug: 'acme-robotics', page: true },
    lines: ['$5 a month buys a DuckDB warehouse'],
    reactions: { LIKE: 7 },
    comments: 0,
    permalink: 'update',
    stateUrn: 'urn:li:ugcPost:7390000000000000001',
  },
  {
    id: at(3, 13),
    author: { name: 'Shiny Ads Inc', slug: 'shiny-ads', page: true },
    lines: ['Buy our DuckDB course'],
    reactions: { LIKE: 1000 },
    permalink: 'none',
  },
  {
    id: at(5, 14),
    author: { name: 'Alan Turing', slug: 'alan-turing', degree: '3rd+' },
    lines: ['On computable numbers and duckdb'],
  },
];
