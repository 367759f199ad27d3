import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { agentStateItem } from '../../../src/agent/agent-state.js';
import {
  getCredentials,
  saveCredentials,
  type Credentials,
} from '../../../src/agent/credentials.js';
import { noteServiceFailure } from '../../../src/agent/heartbeat.js';
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

describe('a 401 from the service', () => {
  beforeEach(() => fakeBrowser.reset());

  it('signs out when it refused the token stored now', async () => {
    await saveCredentials(creds('now'));
    await noteServiceFailure(new ServiceError(401, 'Invalid agent token', null, 'now'));
    expect(await getCredentials()).toBeNull();
    expect((await agentStateItem.getValue()).service_error).toBe(
      'Signed out by the service: Invalid agent token',
    );
  });

  it('keeps the member signed in when it refused a token replaced since', async () => {
    await saveCredentials(creds('new'));
    await noteServiceFailure(new ServiceError(401, 'Invalid agent token', null, 'old'));
    expect((await getCredentials())?.agent_token).toBe('new');
    expect((await agentStateItem.getValue()).service_error).toBeNull();
  });
});
