import { afterAll, beforeAll, beforeEach } from 'vitest';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import { forgetSession } from '../../../src/network/session-memory.js';
import type { TaskResult } from '../../../src/network/types.js';
import { startFakeNetwork, type FakeNetwork, type FakeVoice } from '../../fake-network/server.js';
import { fakeNetworkClient } from './fake-network-client.js';

/** The built-in map with almost no pause between pages: tests need not wait like a person. */
export const QUICK_MAP = {
  ...BUILT_IN_NETWORK_MAP,
  pacing: { between_pages_ms: [0, 5] as [number, number] },
};

/**
 * The fake network in one voice for the tests of a describe block, over real HTTPS: started before
 * them, back to its start (and the session forgotten) before each, closed after.
 */
export function fakeNetworkFor(voice?: FakeVoice): {
  fake: FakeNetwork;
  client: ReturnType<typeof fakeNetworkClient>;
} {
  const world = {} as { fake: FakeNetwork; client: ReturnType<typeof fakeNetworkClient> };
  beforeAll(async () => {
    world.fake = await startFakeNetwork({ voice });
    world.client = fakeNetworkClient(world.fake);
  });
  afterAll(async () => {
    await world.client.close();
    await world.fake.close();
  });
  beforeEach(() => {
    world.fake.reset();
    forgetSession();
  });
  return world;
}

export function output(result: TaskResult): Record<string, any> {
  if (!result.ok) throw new Error(`task failed: ${result.error.code}: ${result.error.message}`);
  return result.output;
}

export function failure(result: TaskResult) {
  if (result.ok)
    throw new Error(`task succeeded unexpectedly: ${JSON.stringify(result.output).slice(0, 200)}`);
  return result.error;
}
