import { describe, expect, it } from 'vitest';
import { normalized } from '../../../src/network/normalized.js';

const doc = {
  data: { '*elements': ['urn:li:a:1', 'urn:li:a:2'], paging: { start: 0, count: 2 } },
  included: [
    { $type: 'A', entityUrn: 'urn:li:a:1', name: 'one', '*child': 'urn:li:c:1' },
    { $type: 'A', entityUrn: 'urn:li:a:2', name: 'two' },
    { $type: 'C', entityUrn: 'urn:li:c:1', value: 3, '*elements': ['urn:li:a:2'] },
  ],
};

describe('normalised JSON', () => {
  it('resolves *field references and URN lists against included', () => {
    const root = normalized(doc, 'test');
    const items = root.at('data', 'elements').items();
    expect(items.map((i) => i.str('name'))).toEqual(['one', 'two']);
    expect(items[0]!.num('child', 'value')).toBe(3);
    expect(items[0]!.at('child.elements').items()[0]!.str('name')).toBe('two');
    expect(root.doc.ofTypeSuffix('C')).toHaveLength(1);
  });

  it('inline fields win over references, so plain JSON reads the same', () => {
    expect(
      normalized({ data: { child: { value: 7 }, '*child': 'urn:li:c:1' } }, 'test').num(
        'data.child.value',
      ),
    ).toBe(7);
  });

  it('optional parts are absent, with the path that led to them', () => {
    const root = normalized(doc, 'test');
    expect(root.at('data', 'nothing', 'deeper').present).toBe(false);
    expect(root.at('data', 'missing').items()).toEqual([]);
    expect(root.at('data', 'elements').items()[1]!.at('child', 'value').path).toBe(
      'data.*elements[1].child.value',
    );
  });
});
