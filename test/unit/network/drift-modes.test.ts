import { describe, expect, it } from 'vitest';
import {
  mergeReport,
  type NetworkHealth,
  operationReport,
} from '../../../src/agent/network-health.js';
import type { OperationHealth } from '../../../src/contract/agent.js';
import type { NetworkMap } from '../../../src/contract/network-map.js';
import { forgetSession } from '../../../src/network/session-memory.js';
import type { TaskResult } from '../../../src/network/types.js';
import type { FakeDrift } from '../../fake-network/drifts.js';
import { authorOf } from '../../fake-network/shapes.js';
import { type FakeVoice, SDUI_VOICE } from '../../fake-network/voices.js';
import { repairedMap } from './drift-maps.js';
import { fakeNetworkFor, QUICK_MAP } from './fake-voice.js';
import { runAsDeployed } from './run-as-deployed.js';

// The network one release later, each drift a mode of the fake network of its own
// (test/fake-network/drifts.ts), switched on mid-session. With the map the extension ships, no
// operation completes with a required field missing: it fails `network_changed` naming the way,
// or completes whole by another way, and the health report names the operation, the field and
// the way. With the map that follows the drift (drift-maps.ts), every operation is whole again
// and the report clears.

const NOW = Date.parse('2026-11-27T14:02:00Z');

interface Case {
  drift: Exclude<FakeDrift, 'none'>;
  voice: FakeVoice;
  type: string;
  input: (w: World) => Record<string, unknown>;
  /** What the health report must name without the repair: the call, the way, the field if any. */
  names: { call: string; alternative: string; field?: string };
}
type World = ReturnType<typeof fakeNetworkFor>;

const person = (w: World, slug: string) => w.fake.dataset.profiles.find((p) => p.slug === slug)!;
const profileUrn = (w: World, slug: string) => `urn:li:fsd_profile:${person(w, slug).id}`;
const firstPostUrn = (w: World) => `urn:li:activity:${w.fake.dataset.posts[0]!.activityId}`;

const CASES: Case[] = [
  {
    drift: 'decoration_renamed',
    voice: 'today',
    type: 'agent_profile_fetch',
    input: () => ({ profile_slug: 'ada-lovelace' }),
    names: { call: 'profile', alternative: 'dash-full-profile' },
  },
  {
    drift: 'field_moved',
    voice: 'today',
    type: 'agent_profile_fetch',
    input: () => ({ profile_slug: 'ada-lovelace' }),
    names: { call: 'profile', alternative: 'dash-full-profile', field: 'headline' },
  },
  {
    drift: 'post_text_moved',
    voice: 'today',
    type: 'agent_keyword_tracking',
    input: () => ({ keyword: 'duckdb', watchlist_id: 'w', count: 10 }),
    names: {
      call: 'content_search',
      alternative: 'graphql-search-clusters-content',
      field: 'content',
    },
  },
  {
    drift: 'post_text_moved',
    voice: 'measured_2026',
    type: 'agent_company_posts_fetch',
    input: () => ({ company: 'acme-robotics', count: 100 }),
    names: { call: 'company_posts', alternative: 'organization-updates-v2', field: 'content' },
  },
  {
    drift: 'post_text_moved',
    voice: 'today',
    type: 'agent_profiles_tracking',
    input: (w) => ({ profile_urns: [profileUrn(w, 'ada-lovelace')], count: 100 }),
    names: { call: 'profile_posts', alternative: 'profile-updates-v2', field: 'content' },
  },
  {
    drift: 'sdui_renamed',
    voice: SDUI_VOICE,
    type: 'agent_keyword_tracking',
    input: () => ({ keyword: 'duckdb', watchlist_id: 'w', count: 10 }),
    names: { call: 'content_search', alternative: 'sdui-content-search-pager', field: 'content' },
  },
  {
    drift: 'write_path_renamed',
    voice: 'today',
    type: 'agent_like_post',
    input: (w) => ({ social_urn: firstPostUrn(w) }),
    names: { call: 'like', alternative: 'rest-reaction' },
  },
  {
    drift: 'write_path_renamed',
    voice: 'measured_2026',
    type: 'agent_like_post',
    input: (w) => ({ social_urn: firstPostUrn(w) }),
    names: { call: 'like', alternative: 'rest-reaction' },
  },
  {
    drift: 'finder_renamed',
    voice: 'today',
    type: 'agent_profiles_tracking',
    input: (w) => ({ profile_urns: [profileUrn(w, 'ada-lovelace')], count: 100 }),
    names: { call: 'profile_posts', alternative: 'profile-updates-v2' },
  },
  {
    drift: 'action_renamed',
    voice: 'today',
    type: 'agent_connection_request',
    input: (w) => ({ profile_urn: profileUrn(w, 'alan-turing'), note: 'Hello Alan' }),
    names: { call: 'invitation', alternative: 'verify-quota-and-create-v2' },
  },
];

/**
 * A success is whole: everything the output says is what the network holds (names, headlines,
 * texts, authors), and a count is the true one or null (unknown), never a made-up 0.
 */
function expectWhole(w: World, c: Case, output: Record<string, any>) {
  const ds = w.fake.dataset;
  if (c.type === 'agent_profile_fetch') {
    const ada = person(w, 'ada-lovelace');
    expect(output).toMatchObject({ name: 'Ada Lovelace', headline: ada.headline });
  }
  for (const p of output.posts ?? []) {
    const post = ds.posts.find((x) => x.activityId === p.linkedin_post_urn)!;
    expect(p.content, p.social_urn).toBe(post.text);
    expect(p.post_author.full_name).toBe(authorOf(post, ds).name);
    expect([post.likes, null]).toContain(p.likes_count);
    expect([post.comments, null]).toContain(p.comments_count);
    expect([post.shares, null]).toContain(p.shares_count);
  }
  if (output.posts) expect(output.posts.length).toBeGreaterThan(0);
  if (c.type === 'agent_like_post') expect(output).toEqual({ liked: true });
  if (c.type === 'agent_connection_request') expect(output.sent).toBe(true);
}

function healthAfter(
  health: NetworkHealth,
  c: Case,
  result: TaskResult,
  map: NetworkMap,
  at: number,
): NetworkHealth {
  return mergeReport(health, result.network!, map.version, at, {
    operation: c.type,
    ok: result.ok,
    code: result.ok ? null : result.error.code,
  });
}

describe.each(CASES)('drift $drift, voice $voice: $type', (c) => {
  const world = fakeNetworkFor(c.voice);
  const run = (map: NetworkMap) =>
    runAsDeployed({ type: c.type, input: c.input(world) }, { map, ...world.client });

  it('never a success with a required field missing; the health report names operation, field and way; a published map repairs it and the report clears', async () => {
    // The session has worked before the release: the ways it proved are the ones that moved.
    if (c.type === 'agent_like_post') {
      const warm = await run(QUICK_MAP);
      expect(warm.ok).toBe(true);
      world.fake.reset();
    }
    world.fake.setDrift(c.drift);

    const before = await run(QUICK_MAP);
    if (before.ok) expectWhole(world, c, before.output);
    else {
      expect(before.error.code).toBe('network_changed');
      expect(before.error.message).toContain(c.names.alternative);
      if (c.names.field) expect(before.error.message).toContain(`lacks ${c.names.field}`);
    }
    let health = healthAfter({ map_version: 0, calls: {} }, c, before, QUICK_MAP, NOW);
    const [entry] = operationReport(health, NOW);
    expect(entry).toMatchObject<Partial<OperationHealth>>({
      operation: c.type,
      map_version: QUICK_MAP.version,
      state: before.ok ? 'degraded' : 'broken',
      since: new Date(NOW).toISOString(),
      runs: 1,
      failed_runs: before.ok ? 0 : 1,
    });
    if (c.names.field)
      expect(entry!.missing_fields).toContainEqual(
        expect.objectContaining({
          call: c.names.call,
          alternative: c.names.alternative,
          field: c.names.field,
        }),
      );
    else
      expect(entry!.failed_ways).toContainEqual(
        expect.objectContaining({ call: c.names.call, alternative: c.names.alternative }),
      );
    if (c.type === 'agent_like_post') expect(before.ok || before.error.code).not.toBe('not_found');

    // The repaired map, published while the extension runs: every run whole again. A first run
    // in a new map may meet the ways it retires; the next is whole and clears the report.
    const fixed = repairedMap(c.drift);
    forgetSession();
    world.fake.reset();
    world.fake.setDrift(c.drift);
    for (const at of [NOW + 60_000, NOW + 120_000]) {
      const after = await run(fixed);
      if (!after.ok) throw new Error(`${after.error.code}: ${after.error.message}`);
      expectWhole(world, c, after.output);
      health = healthAfter(health, c, after, fixed, at);
      // One invitation to a person a week: the next run asks again afresh.
      if (c.type === 'agent_connection_request') {
        world.fake.reset();
        world.fake.setDrift(c.drift);
      }
    }
    expect(operationReport(health, NOW + 120_000)).toEqual([]);
    const counted = c.type.endsWith('_tracking') || c.type.endsWith('posts_fetch');
    if (counted && c.drift !== 'finder_renamed') {
      // The repaired map finds the counts again: none unknown.
      const again = await run(fixed);
      const posts = again.ok ? (again.output.posts as { comments_count: number | null }[]) : [];
      expect(posts.length).toBeGreaterThan(0);
      expect(posts.filter((p) => p.comments_count === null)).toEqual([]);
    }
  });
});
