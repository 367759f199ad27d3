import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { diagnostics, technicalDataAllowed } from '../../../src/agent/data-consent.js';

/** Firefox's optional "technical and interaction data": diagnostics leave only with consent. */
describe('technical data consent', () => {
  const answer = (all: object) =>
    Object.assign(fakeBrowser.permissions, { getAll: async () => all });
  beforeEach(() => fakeBrowser.reset());

  it('Chrome (no data consent in permissions): allowed, the store listing declares it', async () => {
    answer({ permissions: ['storage', 'alarms'], origins: ['https://www.linkedin.com/*'] });
    expect(await technicalDataAllowed()).toBe(true);
  });

  it('Firefox: allowed only when the member gave technicalAndInteraction', async () => {
    answer({
      permissions: [],
      origins: [],
      data_collection: ['personallyIdentifyingInfo', 'websiteContent'],
    });
    expect(await technicalDataAllowed()).toBe(false);
    answer({
      permissions: [],
      origins: [],
      data_collection: ['personallyIdentifyingInfo', 'websiteContent', 'technicalAndInteraction'],
    });
    expect(await technicalDataAllowed()).toBe(true);
  });

  it('when the browser cannot say, nothing is shared', async () => {
    Object.assign(fakeBrowser.permissions, { getAll: async () => Promise.reject(new Error('no')) });
    expect(await technicalDataAllowed()).toBe(false);
  });

  it('without consent the heartbeat carries neither the browser nor the call health', () => {
    const health = [{ call: 'profile', state: 'broken' }];
    expect(diagnostics(true, 'firefox 140', health)).toEqual({
      browser: 'firefox 140',
      network_health: health,
    });
    expect(diagnostics(false, 'firefox 140', health)).toEqual({
      browser: 'not shared',
      network_health: undefined,
    });
  });
});
