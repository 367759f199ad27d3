import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { agentStateItem } from '../../../src/agent/agent-state.js';
import {
  clearCredentials,
  getCredentials,
  saveCredentials,
  type Credentials,
} from '../../../src/agent/credentials.js';
import {
  addressStillAccepted,
  BUSY_WAIT_S,
  MAX_WAIT_S,
  noteServiceFailure,
  retryAt,
} from '../../../src/agent/service-failure.js';
import { ServiceError } from '../../../src/agent/service-client.js';

/**
 * A 401 means the stored token is dead, and the member is signed out; but a call that left with the
 * token of before a move to another team (the popup's "Join") is refused for that old token only.
 */
const creds = (agent_token: string): Credentials => ({
  service_url: 'http://127.0.0.1:8787',
  api_key: 'key',
  agent_token,
  user: { id: 'u1', email: 'grace@example.com', full_name: 'Grace Hopper' },
  team: { id: 't1', name: "Grace's team" },
  role: 'admin',
});

const clock = { now: () => 1_000_000, random: () => 0 };

describe('a 401 from the service', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await clearCredentials();
  });

  it('signs out when it refused the token stored now', async () => {
    await saveCredentials(creds('now'));
    await noteServiceFailure(new ServiceError(401, 'Invalid agent token', null, 'now'), clock);
    expect(await getCredentials()).toBeNull();
    expect((await agentStateItem.getValue()).service_error).toBe(
      'Signed out by the service: Invalid agent token',
    );
    expect((await agentStateItem.getValue()).signed_out_by_service).toBe('Invalid agent token');
  });

  it('keeps the member signed in when it refused a token replaced since', async () => {
    await saveCredentials(creds('new'));
    await noteServiceFailure(new ServiceError(401, 'Invalid agent token', null, 'old'), clock);
    expect((await getCredentials())?.agent_token).toBe('new');
    expect((await agentStateItem.getValue()).service_error).toBeNull();
  });
});

describe('a busy service (503 or 429 with Retry-After)', () => {
  const busy = (status: number, retryAfterS: number | null) =>
    new ServiceError(status, 'Too many waiting claims', retryAfterS);

  it('is left alone for its Retry-After, plus up to 20 % jitter, never less', () => {
    expect(retryAt(busy(503, 30), 0, 0)).toBe(30_000);
    expect(retryAt(busy(503, 30), 0, 0.5)).toBe(33_000);
    expect(retryAt(busy(503, 30), 0, 0.999)).toBeLessThanOrEqual(36_000);
    expect(retryAt(busy(429, 5), 1_000, 0)).toBe(6_000);
  });

  it('without Retry-After waits BUSY_WAIT_S; an absurd one is capped', () => {
    expect(retryAt(busy(503, null), 0, 0)).toBe(BUSY_WAIT_S * 1000);
    expect(retryAt(busy(503, 10 * 86_400), 0, 0)).toBe(MAX_WAIT_S * 1000);
  });

  it('other failures ask for no wait', () => {
    expect(retryAt(new ServiceError(500, 'boom'), 0, 0)).toBeNull();
    expect(retryAt(new ServiceError(409, 'Lease lost'), 0, 0)).toBeNull();
  });

  it('is stored for the claim loop and the next heartbeat', async () => {
    await noteServiceFailure(busy(503, 30), clock);
    expect((await agentStateItem.getValue()).service_retry_at).toBe(1_000_000 + 30_000);
  });
});

describe('credentials stored for a plain-http address', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await clearCredentials();
  });

  it('off this machine: dropped, and the popup asks for an https address', async () => {
    const stored = { ...creds('tok'), service_url: 'http://agent.example.com' };
    await saveCredentials(stored);
    expect(await addressStillAccepted(stored)).toBe(false);
    expect(await getCredentials()).toBeNull();
    expect((await agentStateItem.getValue()).signed_out_by_service).toMatch(
      /must start with https:\/\//,
    );
  });

  it('on this machine, or https: kept', async () => {
    for (const service_url of ['http://127.0.0.1:8787', 'https://agent.example.com']) {
      const stored = { ...creds('tok'), service_url };
      await saveCredentials(stored);
      expect(await addressStillAccepted(stored)).toBe(true);
      expect((await getCredentials())?.service_url).toBe(service_url);
    }
  });
});
