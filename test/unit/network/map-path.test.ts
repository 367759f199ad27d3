import { describe, expect, it } from 'vitest';
import { firstOf, follow, listOf } from '../../../src/network/map/path.js';
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
});
