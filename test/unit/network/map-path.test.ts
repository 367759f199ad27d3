import { describe, expect, it } from 'vitest';
import { firstOf, follow, listOf } from '../../../src/network/map/path.js';
import { MapPath } from '../../../src/contract/network-map.js';
import { normalized } from '../../../src/network/normalized.js';

const doc = normalized(
  {
    data: {
      elements: [
        { items: [] },
        {
          items: [
            { itemUnion: { '*entityResult': 'urn:li:r:1' } },
            { itemUnion: { '*entityResult': 'urn:li:r:missing' } },
          ],
        },
      ],
      paging: { total: 1000 },
    },
    included: [
      {
        $type: 'com.linkedin.voyager.dash.relationships.MemberRelationship',
        entityUrn: 'urn:li:m:1',
        memberRelationshipUnion: { self: {} },
      },
      {
        $type: 'com.linkedin.voyager.dash.search.EntityResultViewModel',
        entityUrn: 'urn:li:r:1',
        title: { text: 'Ada' },
      },
    ],
  },
  'test',
);

describe('map paths', () => {
  it('flatten lists with [], follow *references into included, and skip what is absent', () => {
    const r = follow(doc, 'data.elements[].items[].itemUnion.entityResult');
    expect(r.nodes.map((n) => n.str('title', 'text'))).toEqual(['Ada']);
    expect(r.reachedList).toBe(true);
    expect(follow(doc, 'data.elements[1].items[0].itemUnion.*entityResult').nodes[0]!.value).toBe(
      'urn:li:r:1',
    );
  });

  it('start from included entities by the end of their $type with @Type', () => {
    expect(
      firstOf(doc, ['nothing.here', '@MemberRelationship.memberRelationshipUnion'])!.at('self')
        .present,
    ).toBe(true);
  });

  it('tell an empty list (found) from a list that is not there (not found)', () => {
    expect(listOf(doc, ['data.elements[].nothing[]'])).toMatchObject({ nodes: [], found: true });
    expect(listOf(doc, ['data.clusters[].items[]'])).toMatchObject({ nodes: [], found: false });
    expect(listOf(doc, ['data.clusters[].items[]', 'data.elements[].items[]']).nodes).toHaveLength(
      2,
    );
  });

  it('read a key holding dots or dashes when it is quoted, its *reference too', () => {
    const quoted = normalized(
      {
        data: {
          'com.linkedin.voyager.dash.Foo': { x: 1, 'a-b': [{ y: 'first' }, { y: 'second' }] },
          '*com.linkedin.Ref': 'urn:li:r:1',
        },
        included: [{ entityUrn: 'urn:li:r:1', title: { text: 'Ada' } }],
      },
      'test',
    );
    expect(follow(quoted, 'data."com.linkedin.voyager.dash.Foo".x').nodes[0]!.value).toBe(1);
    expect(
      follow(quoted, 'data."com.linkedin.voyager.dash.Foo"."a-b"[].y').nodes.map((n) => n.value),
    ).toEqual(['first', 'second']);
    expect(follow(quoted, 'data."com.linkedin.voyager.dash.Foo"."a-b"[1].y').nodes[0]!.value).toBe(
      'second',
    );
    expect(follow(quoted, 'data."com.linkedin.Ref".title.text').nodes[0]!.value).toBe('Ada');
    expect(follow(quoted, 'data.*"com.linkedin.Ref"').nodes[0]!.value).toBe('urn:li:r:1');
    // Unquoted, the dots are steps: nothing there.
    expect(follow(quoted, 'data.com.linkedin.voyager.dash.Foo.x').nodes).toEqual([]);
  });

  it('the contract takes quoted keys and refuses what is not a path', () => {
    for (const ok of ['data."com.linkedin.voyager.dash.Foo".x', '*"a-b"[0].c', '@Type."x.y"'])
      expect(MapPath.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['a."b"c', 'a.""', 'a..b', 'a."b', 'x."a\\b"'])
      expect(MapPath.safeParse(bad).success, bad).toBe(false);
  });
});
