import { beforeEach, describe, expect, it } from 'vitest';
import type { NetworkMap } from '../../../src/contract/network-map.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import { chooseNetworkMap } from '../../../src/agent/network-map-choice.js';
import { runAsDeployed } from './run-as-deployed.js';
import { forgetSession } from '../../../src/network/session-memory.js';
import { fixtureNetwork, SIGNED_IN_COOKIES } from './fixture-fetch.js';
import * as s26 from './shapes-2026.js';

// Drift is a data change: a finder that moved, or a field that moved, is fixed by a newer map from
// the service (docs/network-map.md, "Shipping a fix"), with no change to the extension's code.

beforeEach(() => forgetSession());

const run = (
  map: NetworkMap,
  type: string,
  input: Record<string, unknown>,
  routes: Parameters<typeof fixtureNetwork>[0],
) => {
  const net = fixtureNetwork(routes);
  return runAsDeployed(
    { type, input },
    {
      map: { ...map, pacing: { between_pages_ms: [0, 0] } },
      fetchImpl: net.fetchImpl,
      cookies: () => SIGNED_IN_COOKIES,
    },
  );
};

/** What the service would publish: the map in force, a higher version, one change. */
function published(change: (map: NetworkMap) => void): NetworkMap {
  const map = structuredClone(BUILT_IN_NETWORK_MAP);
  map.version += 1;
  change(map);
  const choice = chooseNetworkMap(BUILT_IN_NETWORK_MAP, map);
  if (!choice.ok || !choice.replaced)
    throw new Error(`map refused: ${choice.ok ? 'not newer' : choice.error}`);
  return choice.map;
}

const urn = `urn:li:activity:${s26.activityId(s26.T0, 1)}`;

describe('a network change fixed by a published map', () => {
  it('company posts moved to a new finder with the updates one level deeper', async () => {
    const moved = s26.updates2026([{ urn, text: 'Posted after the move' }]);
    const feed = {
      data: {
        feedItems: moved.data['*elements'].map((u: string) => ({ '*update': u })),
        paging: { total: 1 },
      },
      included: moved.included,
    };
    const routes: Parameters<typeof fixtureNetwork>[0] = [
      ['organization/feedV3', { json: feed }],
      ['organization/updatesV2', { status: 410, json: s26.errorBody(410) }],
      ['feed/updates', { status: 400, json: s26.errorBody(400) }],
    ];
    const before = await run(
      BUILT_IN_NETWORK_MAP,
      'agent_company_posts_fetch',
      { company: 'acme-robotics', count: 5 },
      routes,
    );
    expect(before).toMatchObject({
      ok: false,
      error: {
        code: 'network_changed',
        message: expect.stringContaining('No way to company_posts works any more'),
      },
    });

    const fixed = published((map) => {
      map.calls.company_posts.unshift({
        id: 'organization-feed-v3',
        method: 'GET',
        path: 'organization/feedV3',
        query: [
          ['q', 'companyFeed'],
          ['company', '{slug}'],
          ['count', '{count}'],
          ['start', '{start}'],
        ],
        next_on: [400, 404, 410],
        read: { list: ['data.feedItems[].update'], total: ['data.paging.total'] },
        paging: { by: 'start', max_count: 50 },
      });
    });
    const after = await run(
      fixed,
      'agent_company_posts_fetch',
      { company: 'acme-robotics', count: 5 },
      routes,
    );
    expect(after.ok && after.output.posts).toEqual([
      expect.objectContaining({ social_urn: urn, content: 'Posted after the move' }),
    ]);
  });

  it('a post’s text moved to another field', async () => {
    const doc = s26.updates2026([{ urn, author: { name: 'Acme Robotics' } }]);
    for (const e of doc.included)
      if (e.$type.endsWith('UpdateV2')) e.commentaryV2 = { body: { text: 'The text, elsewhere' } };
    const routes: Parameters<typeof fixtureNetwork>[0] = [
      ['organization/updatesV2', { json: doc }],
    ];
    const before = await run(
      BUILT_IN_NETWORK_MAP,
      'agent_company_posts_fetch',
      { company: 'acme-robotics', count: 1 },
      routes,
    );
    // Never an empty text as a success: the way fails, naming the field it lacks.
    expect(before).toMatchObject({
      ok: false,
      error: { code: 'network_changed', message: expect.stringContaining('lacks content') },
    });
    forgetSession();
    const fixed = published((map) => map.fields.post.content!.unshift('commentaryV2.body.text'));
    const after = await run(
      fixed,
      'agent_company_posts_fetch',
      { company: 'acme-robotics', count: 1 },
      routes,
    );
    expect(after.ok && after.output.posts).toEqual([
      expect.objectContaining({ content: 'The text, elsewhere' }),
    ]);
  });
});
