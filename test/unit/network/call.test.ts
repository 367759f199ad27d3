import { describe, expect, it } from 'vitest';
import type { MapAlternative, NetworkMap } from '../../../src/contract/network-map.js';
import { callNetwork, type CallContext } from '../../../src/network/call.js';
import { NetworkError } from '../../../src/network/errors.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import { SessionMemory } from '../../../src/network/session-memory.js';
import { createNetworkFetch } from '../../../src/network/session.js';
import { fixtureNetwork, SIGNED_IN_COOKIES, type FixtureAnswer } from './fixture-fetch.js';

// The call engine: a call's alternatives in order, which failures move on to the next one, and what
// is reported and remembered for the session.

function mapWith(call: 'company' | 'like', alternatives: MapAlternative[]): NetworkMap {
  const map = structuredClone(BUILT_IN_NETWORK_MAP);
  map.calls[call] = alternatives;
  return map;
}

const alt = (id: string, path: string, extra: Partial<MapAlternative> = {}): MapAlternative => ({
  id,
  method: 'GET',
  path,
  query: [
    ['universalName', '{slug}'],
    ['count', '{count}'],
  ],
  next_on: [400, 404, 410],
  read: { one: ['data'] },
  paging: { by: 'start', max_count: 10 },
  ...extra,
});

function setup(
  map: NetworkMap,
  routes: Array<[string, FixtureAnswer]>,
  memory = new SessionMemory(),
) {
  const net = fixtureNetwork(routes);
  const ctx: CallContext = {
    map,
    fetch: createNetworkFetch({ fetchImpl: net.fetchImpl, cookies: () => SIGNED_IN_COOKIES }),
    signal: new AbortController().signal,
    memory,
    report: { used: [], failed: [] },
  };
  return {
    ctx,
    calls: net.calls,
    paths: () => net.calls.map((c) => c.url.pathname.replace('/voyager/api/', '')),
  };
}

const readName = ({ root }: { root: { str(...k: string[]): string | null } }) => {
  const name = root.str('data', 'name');
  if (!name) throw new NetworkError('network_changed', 'no name');
  return name;
};

describe('callNetwork', () => {
  const map = mapWith('company', [alt('newest', 'new/finder'), alt('older', 'old/finder')]);

  it('moves on when an alternative answers a status of its next_on, reports it, and remembers the one that worked', async () => {
    const memory = new SessionMemory();
    const { ctx, paths } = setup(
      map,
      [
        ['new/finder', { status: 410, json: { data: { status: 410 } } }],
        ['old/finder', { json: { data: { name: 'Acme' } } }],
      ],
      memory,
    );
    expect(await callNetwork(ctx, 'company', { slug: 'acme' }, readName)).toBe('Acme');
    expect(paths()).toEqual(['new/finder', 'old/finder']);
    expect(ctx.report).toEqual({
      used: [{ call: 'company', alternative: 'older' }],
      failed: [
        {
          call: 'company',
          alternative: 'newest',
          status: 410,
          code: 'network_changed',
          message: expect.stringContaining('HTTP 410'),
        },
      ],
    });
    // The same session goes straight to the alternative that worked.
    const again = setup(map, [['old/finder', { json: { data: { name: 'Acme' } } }]], memory);
    await callNetwork(again.ctx, 'company', { slug: 'acme' }, readName);
    expect(again.paths()).toEqual(['old/finder']);
    expect(again.ctx.report.failed).toEqual([]);
  });

  it('stops at once on what concerns the session or the target (403, 429, a network code), without trying another way', async () => {
    for (const status of [403, 429, 401]) {
      const { ctx, paths } = setup(map, [['new/finder', { status, json: { data: { status } } }]]);
      await expect(callNetwork(ctx, 'company', { slug: 'acme' }, readName)).rejects.toBeInstanceOf(
        NetworkError,
      );
      expect(paths()).toEqual(['new/finder']);
    }
  });

  it('moves on when a read answer cannot be read, but never after a write was answered', async () => {
    const read = setup(map, [
      ['new/finder', { json: { data: { renamed: 'Acme' } } }],
      ['old/finder', { json: { data: { name: 'Acme' } } }],
    ]);
    expect(await callNetwork(read.ctx, 'company', { slug: 'acme' }, readName)).toBe('Acme');
    expect(read.ctx.report.failed[0]).toMatchObject({
      alternative: 'newest',
      status: null,
      message: 'no name',
    });

    const writes = mapWith('like', [
      alt('rest', 'reactions', { method: 'POST', body: {} }),
      alt('graphql', 'graphql', { method: 'POST', body: {} }),
    ]);
    const write = setup(writes, [
      ['reactions', { json: { data: { renamed: true } } }],
      ['graphql', { json: { data: { name: 'x' } } }],
    ]);
    await expect(callNetwork(write.ctx, 'like', {}, readName)).rejects.toMatchObject({
      code: 'network_changed',
    });
    expect(write.paths()).toEqual(['reactions']);
  });

  it('skips an alternative that needs a value the call does not have, without a request', async () => {
    const m = mapWith('company', [
      alt('needs-id', 'by/id/{company_id}'),
      alt('page-only', 'as/page', { requires: ['actor_urn'] }),
      alt('by-slug', 'by/slug'),
    ]);
    const { ctx, paths } = setup(m, [['by/slug', { json: { data: { name: 'Acme' } } }]]);
    expect(await callNetwork(ctx, 'company', { slug: 'acme' }, readName)).toBe('Acme');
    expect(paths()).toEqual(['by/slug']);
  });

  it('when every alternative fails: not_found only if every way said so, else network_changed naming each way and its answer', async () => {
    const gone = setup(map, [
      ['new/finder', { status: 404, json: {} }],
      ['old/finder', { status: 404, json: {} }],
    ]);
    await expect(
      callNetwork(gone.ctx, 'company', { slug: 'acme' }, readName),
    ).rejects.toMatchObject({ code: 'not_found' });
    const retired = setup(map, [
      ['new/finder', { status: 410, json: {} }],
      ['old/finder', { status: 404, json: {} }],
    ]);
    await expect(
      callNetwork(retired.ctx, 'company', { slug: 'acme' }, readName),
    ).rejects.toMatchObject({
      code: 'network_changed',
      message:
        'No way to company works any more (newest: HTTP 410; older: HTTP 404). The network map needs an update.',
    });
    expect(retired.ctx.report.failed.map((f) => f.alternative)).toEqual(['newest', 'older']);
  });

  it('a 404 from the way that works in this session is about the target: no other way is tried', async () => {
    const memory = new SessionMemory();
    const first = setup(
      map,
      [
        ['new/finder', { status: 410, json: {} }],
        ['old/finder', { json: { data: { name: 'Acme' } } }],
      ],
      memory,
    );
    await callNetwork(first.ctx, 'company', { slug: 'acme' }, readName);
    const missing = setup(
      map,
      [
        ['new/finder', { status: 410, json: {} }],
        ['old/finder', { status: 404, json: {} }],
      ],
      memory,
    );
    await expect(
      callNetwork(missing.ctx, 'company', { slug: 'nobody' }, readName),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(missing.paths()).toEqual(['old/finder']);
  });

  it('a write answered 404 on one way tries the next, even the way that worked this session: not_found only when every way says so', async () => {
    const writes = mapWith('like', [
      alt('rest', 'reactions', { method: 'POST', body: {}, next_on: [400, 405, 410] }),
      alt('graphql', 'graphql', { method: 'POST', body: {}, next_on: [] }),
    ]);
    const memory = new SessionMemory();
    const done = () => undefined;
    const first = setup(writes, [['reactions', { status: 201, json: '' }]], memory);
    await callNetwork(first.ctx, 'like', {}, done);
    const moved = setup(
      writes,
      [
        ['reactions', { status: 404, json: { data: { status: 404, message: 'Not Found' } } }],
        ['graphql', { json: { data: { value: {} } } }],
      ],
      memory,
    );
    await callNetwork(moved.ctx, 'like', {}, done);
    expect(moved.paths()).toEqual(['reactions', 'graphql']);
    expect(moved.ctx.report.failed).toMatchObject([{ alternative: 'rest', status: 404 }]);

    const gone = setup(writes, [
      ['reactions', { status: 404, json: { data: { status: 404, message: 'Unknown thread' } } }],
      ['graphql', { status: 404, json: { data: { status: 404, message: 'Unknown thread' } } }],
    ]);
    await expect(callNetwork(gone.ctx, 'like', {}, done)).rejects.toMatchObject({
      code: 'not_found',
    });
    const mixed = setup(writes, [
      ['reactions', { status: 404, json: { data: { status: 404, message: 'Unknown thread' } } }],
      ['graphql', { status: 400, json: { data: { status: 400, message: 'Unknown queryId' } } }],
    ]);
    await expect(callNetwork(mixed.ctx, 'like', {}, done)).rejects.toMatchObject({
      code: 'network_changed',
      message: expect.stringContaining('rest: HTTP 404; graphql: HTTP 400'),
    });
  });

  it('a 404 saying the route is unknown is a way that is gone; the one way saying not found in the network’s words is not_found', async () => {
    const one = mapWith('like', [
      alt('rest', 'reactions', { method: 'POST', body: {}, next_on: [] }),
    ]);
    const noRoute = setup(one, [
      [
        'reactions',
        { status: 404, json: { data: { status: 404, message: 'No route POST reactions' } } },
      ],
    ]);
    await expect(callNetwork(noRoute.ctx, 'like', {}, () => 0)).rejects.toMatchObject({
      code: 'network_changed',
      status: 404,
    });
    const unknown = setup(one, [
      ['reactions', { status: 404, json: { data: { status: 404, message: 'Unknown thread' } } }],
    ]);
    await expect(callNetwork(unknown.ctx, 'like', {}, () => 0)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('most results of an answer lacking a required field fail the way naming field and way; the next way is tried', async () => {
    const read = ({ fields, root }: { fields: any; root: any }) => {
      const names = root
        .at('data', 'items')
        .items()
        .map((n: any) => n.str('name'));
      for (const n of names) fields.completeness.result({ name: n !== null });
      return names.filter(Boolean);
    };
    const { ctx, paths } = setup(map, [
      [
        'new/finder',
        { json: { data: { items: [{ name: 'A' }, { label: 'B' }, { label: 'C' }] } } },
      ],
      ['old/finder', { json: { data: { items: [{ name: 'A' }, { name: 'B' }, { label: 'C' }] } } }],
    ]);
    expect(await callNetwork(ctx, 'company', { slug: 'acme' }, read)).toEqual(['A', 'B']);
    expect(paths()).toEqual(['new/finder', 'old/finder']);
    expect(ctx.report.failed[0]).toMatchObject({
      alternative: 'newest',
      message: "The network's company answer (newest) lacks name in 2 of its 3 results",
    });
    // One of three lacking is one result skipped, reported, and no failure.
    expect(ctx.report.answers).toEqual([
      {
        call: 'company',
        alternative: 'newest',
        results: 3,
        missing: [{ field: 'name', count: 2 }],
      },
      { call: 'company', alternative: 'older', results: 3, missing: [{ field: 'name', count: 1 }] },
    ]);
  });

  it('asks no page larger than the alternative’s network gives', async () => {
    const { ctx, calls } = setup(map, [['new/finder', { json: { data: { name: 'Acme' } } }]]);
    await callNetwork(ctx, 'company', { slug: 'acme', count: 500 }, readName);
    expect(calls[0]!.url.searchParams.get('count')).toBe('10');
  });
});
