import { describe, expect, it } from 'vitest';
import type { MapTemplate } from '../../../src/contract/network-map.js';
import {
  CannotMake,
  fillPath,
  fillQuery,
  fillTemplate,
} from '../../../src/network/map/template.js';

describe('body templates', () => {
  it('put typed values where a placeholder stands alone, text where it is part of a string, and leave out what has no value', () => {
    const body = fillTemplate(
      {
        message: { body: { text: '{text}', attributes: [] }, originToken: '{origin_token}' },
        hostRecipientUrns: ['{recipient_urn}'],
        customMessage: '{note}',
        count: '{count}',
        label: 'to {name} from {sender}',
        literal: false,
      },
      {
        text: 'Hi {not a placeholder}',
        origin_token: 'u-1',
        recipient_urn: 'urn:li:fsd_profile:A',
        count: 3,
        name: 'Ada',
      },
    );
    expect(body).toEqual({
      message: { body: { text: 'Hi {not a placeholder}', attributes: [] }, originToken: 'u-1' },
      hostRecipientUrns: ['urn:li:fsd_profile:A'],
      count: 3,
      literal: false,
    });
  });

  it('keep a $if object only when its values are present', () => {
    const t: MapTemplate = {
      list: [
        { key: 'resultType', value: ['PEOPLE'] },
        { $if: 'network', key: 'network', value: '{network}' },
      ],
    };
    expect(fillTemplate(t, {})).toEqual({ list: [{ key: 'resultType', value: ['PEOPLE'] }] });
    expect(fillTemplate(t, { network: ['F', 'S'] })).toEqual({
      list: [
        { key: 'resultType', value: ['PEOPLE'] },
        { key: 'network', value: ['F', 'S'] },
      ],
    });
    expect(fillTemplate(t, { network: [] })).toEqual({
      list: [{ key: 'resultType', value: ['PEOPLE'] }],
    });
  });

  it('splice a list placeholder that is an element of a list: an empty list without a value, as the pager wants its filters', () => {
    const t: MapTemplate = {
      datePosted: ['{date_posted}'],
      postedBy: [],
      authors: ['{first}', '{others}'],
    };
    expect(fillTemplate(t, {})).toEqual({ datePosted: [], postedBy: [], authors: [] });
    expect(fillTemplate(t, { date_posted: ['past-week'], first: 'a', others: ['b', 'c'] })).toEqual(
      { datePosted: ['past-week'], postedBy: [], authors: ['a', 'b', 'c'] },
    );
  });
});

describe('query strings', () => {
  it('keep Rest.li tuples and lists unencoded, encode the values inside (reserved characters too), and leave out empty parameters', () => {
    const qs = fillQuery(
      [
        ['q', 'all'],
        [
          'query',
          {
            restli: {
              keywords: '{keywords}',
              queryParameters: { resultType: ['PEOPLE'], network: '{network}', geoUrn: '{geo}' },
              flag: false,
            },
          },
        ],
        ['start', '{start}'],
        ['paginationToken', '{token}'],
      ],
      { keywords: "a (b), c: d's", network: ['F', 'S'], start: 0 },
    );
    expect(qs).toBe(
      'q=all&query=(keywords:a%20%28b%29%2C%20c%3A%20d%27s,queryParameters:(resultType:List(PEOPLE),network:List(F,S)),flag:false)&start=0',
    );
  });

  it('encode plain parameters fully', () => {
    expect(fillQuery([['threadUrn', '{urn}']], { urn: 'urn:li:activity:1' })).toBe(
      'threadUrn=urn%3Ali%3Aactivity%3A1',
    );
  });
});

describe('paths', () => {
  it('encode each placeholder as one segment, parentheses included', () => {
    expect(
      fillPath('feed/updates/{post_urn}', { post_urn: 'urn:li:fsd_update:(urn:li:activity:1,X)' }),
    ).toBe('feed/updates/urn%3Ali%3Afsd_update%3A%28urn%3Ali%3Aactivity%3A1%2CX%29');
  });
  it('cannot be made without their values', () => {
    expect(() => fillPath('identity/profiles/{identity}/networkinfo', {})).toThrow(CannotMake);
  });
});
