import { describe, expect, it } from 'vitest';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import { ComponentStream } from '../../../src/network/read/stream/stream.js';
import { postsOfStream } from '../../../src/network/read/stream-posts.js';
import { postUrnOfPermalink } from '../../../src/network/read/urns.js';
import { pagerStream, SAMPLE } from './sdui-2026.js';

// The component stream of a server-driven screen, read shape by shape as the facts describe it
// (docs/network-internal-api.md, "Server-driven screens"), and the keyword pager's posts found by
// the names the built-in map gives.

const pager = BUILT_IN_NETWORK_MAP.calls.content_search.find((a) => a.kind === 'sdui')!;
const NAMES = pager.read!.names!;
const postsOf = (text: string) => postsOfStream(new ComponentStream(text), NAMES);
const timeOf = (id: string) => new Date(Number(BigInt(id) >> 22n)).toISOString();

describe('the component stream', () => {
  it('reads rows `<hex id>:<value>`: JSON, JSON behind a tag, text rows, rows that are no JSON, lines that continue a text row', () => {
    const s = new ComponentStream(
      [
        '0:{"a":1}',
        '1:I["chunk.js",["x"]]',
        '2a:T10,first line',
        'second line',
        '3:not json',
        'garbage without a row id',
        '4:"$$5 off"\r',
        '',
      ].join('\n'),
    );
    expect(s.rows.get('0')).toEqual({ a: 1 });
    expect(s.rows.get('1')).toEqual(['chunk.js', ['x']]);
    expect(s.strings('$L2a')).toEqual(['first line\nsecond line']);
    expect(s.strings('$3')).toEqual(['not json']);
    expect(s.strings('$4')).toEqual(['$5 off']);
  });

  it('follows references `$L<hex>` and `$<hex>`, in chains and through circles, once each', () => {
    const s = new ComponentStream(
      [
        '0:["$L1a","$1b","$c"]',
        '1a:{"children":"one","next":"$1b"}',
        '1b:{"children":"two","back":"$L1a"}',
        'c:"$Ld"',
        'd:"$Lc"',
      ].join('\n'),
    );
    expect(s.deref('$1a')).toEqual({ children: 'one', next: '$1b' });
    expect(s.deref('$c')).toBeUndefined();
    expect(s.deref('$Lff')).toBeUndefined();
    expect([...s.values('$L0')]).toHaveLength(3);
    expect(s.text('$0')).toBe('onetwo');
  });

  it('undoes the `$$` escape and never takes the stream’s own `$` words for text', () => {
    const s = new ComponentStream(
      '0:["$","p",null,{"children":["$$100 a seat",["$","$L9",null,{"children":"$undefined"}]," and $$ more, ","$$$$"]}]',
    );
    expect(s.text('$0')).toBe('$100 a seat and $$ more, $$$');
  });

  it('gathers a component’s text from the strings under children only, through elements and wrappers; a br is a line break', () => {
    const s = new ComponentStream(
      '0:{"viewTrackingSpecs":{"viewName":"feed-commentary"},"className":"not text","children":{"wrapper":{"children":["Line one",["$","br",null,{}],["$","a",null,{"href":"/in/x","children":"line two"}],"$L1"]}}}\n1:["$","br",null,{}]',
    );
    expect(s.text('$0')).toBe('Line one\nline two');
  });

  it('finds components by the name they give themselves, as an object or a list of specs, anywhere', () => {
    const s = new ComponentStream(
      [
        '0:["$","div",null,{"children":[{"viewTrackingSpecs":{"viewName":"a"}},"$L1"]}]',
        '1:{"deep":{"deeper":{"viewTrackingSpecs":[{"x":1},{"viewName":"a"}]}}}',
        '2:{"viewTrackingSpecs":{"viewName":"b"}}',
      ].join('\n'),
    );
    expect(s.components(['a'])).toHaveLength(2);
    expect(s.components(['a', 'b'])).toHaveLength(3);
    expect(s.components(['a'], '$1')).toEqual([
      { viewTrackingSpecs: [{ x: 1 }, { viewName: 'a' }] },
    ]);
  });

  it('reads int state values by key, as keys of an object or named beside their value, an int64 as a string too', () => {
    const s = new ComponentStream(
      [
        '0:{"commentCount-urn:li:activity:1":{"$case":"intValue","intValue":3},"other":{"intValue":5}}',
        '1:[{"key":"repostCount-urn:li:activity:1","value":{"value":{"$case":"intValue","intValue":"12"}}}]',
      ].join('\n'),
    );
    expect(Object.fromEntries(s.intStates(['commentCount-', 'repostCount-']))).toEqual({
      'commentCount-urn:li:activity:1': 3,
      'repostCount-urn:li:activity:1': 12,
    });
  });
});

describe('posts of the keyword pager, by meaning', () => {
  it('reads author, text, date and counts of each post; an ad with no permalink is skipped, not an error', () => {
    const found = postsOf(pagerStream(SAMPLE));
    expect(found).toMatchObject({ size: 3, unreadable: 0, unnamedPermalinks: 0 });
    const [ada, acme, alan] = found.posts;
    expect(found.posts).toHaveLength(3);
    expect(ada).toMatchObject({
      social_urn: `urn:li:activity:${SAMPLE[0]!.id}`,
      linkedin_post_urn: SAMPLE[0]!.id,
      posted_at: timeOf(SAMPLE[0]!.id),
      content: 'DuckDB in the browser is fast.\nReally fast.',
      post_author: {
        full_name: 'Ada Lovelace',
        author_slug: 'ada-lovelace',
        author_type: 'person',
        headline: 'Analyst at Acme Robotics',
      },
      likes_count: 14,
      comments_count: 4,
      shares_count: 2,
    });
    // A page: no degree line, a link relative to the site; a text that begins with `$`; counts keyed
    // by the update's own URN, which differs from the permalink's.
    expect(acme).toMatchObject({
      social_urn: `urn:li:activity:${SAMPLE[1]!.id}`,
      content: '$5 a month buys a DuckDB warehouse',
      post_author: {
        full_name: 'Acme Robotics',
        author_slug: 'acme-robotics',
        author_type: 'company',
        headline: '',
      },
      likes_count: 7,
      comments_count: 0,
      shares_count: 0,
    });
    // No state of the post at all: its counts are unknown, not 0.
    expect(alan).toMatchObject({
      post_author: { full_name: 'Alan Turing', author_slug: 'alan-turing' },
      likes_count: null,
      comments_count: null,
    });
    expect(found.posts.map((p) => p.content)).not.toContain('Buy our DuckDB course');
  });

  it('reads counts whether states are keys of an object or named beside their values', () => {
    const found = postsOf(pagerStream(SAMPLE, { statesAsList: true }));
    expect(found.posts.map((p) => [p.likes_count, p.comments_count, p.shares_count])).toEqual([
      [14, 4, 2],
      [7, 0, 0],
      [null, null, null],
    ]);
  });

  it('tells the permalink forms, and no other link, for a post’s identity', () => {
    expect(
      postUrnOfPermalink(
        'https://www.linkedin.com/posts/ada-lovelace_duckdb-is-fast-activity-7391234567890123456-AbCd?utm_source=share',
      ),
    ).toBe('urn:li:activity:7391234567890123456');
    expect(postUrnOfPermalink('/feed/update/urn:li:activity:7391234567890123456/')).toBe(
      'urn:li:activity:7391234567890123456',
    );
    expect(
      postUrnOfPermalink(
        'https://www.linkedin.com/feed/update/urn%3Ali%3AugcPost%3A7391234567890123456',
      ),
    ).toBe('urn:li:ugcPost:7391234567890123456');
    expect(postUrnOfPermalink('https://www.linkedin.com/in/ada-lovelace/')).toBeNull();
    expect(
      postUrnOfPermalink('https://www.linkedin.com/posts/ada-lovelace_recent-activity'),
    ).toBeNull();
  });

  it('a post shown inside another (a reshare’s original) belongs to the one that shows it', () => {
    const text = pagerStream(SAMPLE.slice(0, 1));
    const outer = `ff:["$","div",null,{"viewTrackingSpecs":{"viewName":"feed-full-update"},"children":[{"viewTrackingSpecs":{"viewName":"feed-actor"},"children":[["$","a",null,{"href":"/in/grace-hopper/","children":"Grace Hopper"}]]},{"href":"https://www.linkedin.com/feed/update/urn:li:activity:7391000000000000000/"},"$L13"]}]`;
    // $L13 is Ada's update, shown inside Grace's reshare: one post, Grace's, with the text it shows.
    const found = postsOf(`${text}${outer}\n`);
    expect(found.posts).toHaveLength(1);
    expect(found.posts[0]).toMatchObject({
      social_urn: 'urn:li:activity:7391000000000000000',
      post_author: { full_name: 'Grace Hopper', author_slug: 'grace-hopper' },
      content: 'DuckDB in the browser is fast.\nReally fast.',
    });
  });

  it('counts what it could not read: posts with a permalink but no author nor text, permalinks under no post’s name', () => {
    const renamed = pagerStream(SAMPLE).replaceAll('"feed-full-update"', '"feed-update-v2"');
    expect(postsOf(renamed)).toMatchObject({ posts: [], size: 0, unnamedPermalinks: 3 });
    const noParts = pagerStream(SAMPLE)
      .replaceAll('"feed-actor"', '"actor-v2"')
      .replaceAll('"feed-commentary"', '"commentary-v2"');
    expect(postsOf(noParts)).toMatchObject({ posts: [], size: 3, unreadable: 3 });
  });

  it('renamed components are read again once the map names them', () => {
    const renamed = pagerStream(SAMPLE).replaceAll('"feed-commentary"', '"update-text"');
    const names = { ...NAMES, text: ['feed-commentary', 'update-text'] };
    expect(postsOfStream(new ComponentStream(renamed), names).posts[0]!.content).toBe(
      'DuckDB in the browser is fast.\nReally fast.',
    );
  });

  it('a layout not seen before: the name and degree in one text, a duplicate for screen readers, `$@` references, bare numbers as states, relative permalinks', () => {
    const id = '7391234567890123456';
    const text = [
      '0:["$","main",null,{"children":"$@1"}]',
      '1:{"wrapper":{"deeper":[{"viewTrackingSpecs":{"viewName":"feed-full-update"},"children":["$L2","$@3",{"to":"/posts/grace-hopper_cobol-activity-' +
        id +
        '-xY"}],"x":"$L4"}]}}',
      '2:{"viewTrackingSpecs":{"viewName":"feed-actor"},"children":[{"href":"/in/grace-hopper","children":["Grace Hopper • 1st",{"className":"visually-hidden","children":"Grace Hopper • 1st"}]},{"children":"Rear Admiral"}]}',
      '3:{"viewTrackingSpecs":{"viewName":"feed-commentary"},"children":"COBOL is fine."}',
      '4:{"states":{"commentCount-urn:li:activity:' +
        id +
        '":7,"ReactionType_LIKE_urn:li:activity:' +
        id +
        '":{"$case":"intValue","intValue":"5"}}}',
    ].join('\n');
    expect(postsOf(text).posts).toEqual([
      expect.objectContaining({
        social_urn: `urn:li:activity:${id}`,
        content: 'COBOL is fine.',
        post_author: expect.objectContaining({
          full_name: 'Grace Hopper',
          author_slug: 'grace-hopper',
          headline: 'Rear Admiral',
        }),
        likes_count: 5,
        comments_count: 7,
      }),
    ]);
  });

  it('reads the same posts whatever the order of rows', () => {
    const lines = pagerStream(SAMPLE).trim().split('\n');
    const shuffled = [...lines.slice(5), ...lines.slice(0, 5)].reverse().join('\n');
    expect(
      postsOf(shuffled)
        .posts.map((p) => p.social_urn)
        .sort(),
    ).toEqual(
      postsOf(lines.join('\n'))
        .posts.map((p) => p.social_urn)
        .sort(),
    );
  });
});
