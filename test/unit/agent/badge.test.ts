import 'fake-indexeddb/auto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { agentStateItem, INITIAL_STATE } from '../../../src/agent/agent-state.js';
import {
  badgeFor,
  ICON_PATHS,
  refreshBadge,
  showBadge,
  watchBadge,
  type BadgeInput,
  type IconVariant,
} from '../../../src/agent/badge.js';
import { saveCredentials } from '../../../src/agent/credentials.js';
import { safetyStopsItem } from '../../../src/agent/safety-stops.js';
import { updateSettings } from '../../../src/agent/settings.js';
import { TASK_TYPES } from '../../../src/contract/task-types.js';

/**
 * The toolbar: which icon, badge text, badge colour and tooltip each state of the agent gets, and
 * that the toolbar follows the stored state by itself (WXT's fakeBrowser; it has no setIcon, so a
 * spy stands in for it).
 */

const WORKING_OK: BadgeInput = {
  signed_in_service: true,
  service_reachable: true,
  service_error: null,
  network_signed_in: true,
  paused_by_user: false,
  safety_stopped: false,
  working: false,
};

describe('badgeFor: one look per state', () => {
  const cases: [
    string,
    Partial<BadgeInput>,
    { state: string; icon: IconVariant; text: string; color: string; label: string },
  ][] = [
    ['ready', {}, { state: 'ready', icon: 'active', text: '', color: '#15803d', label: 'ready' }],
    [
      'working',
      { working: true },
      {
        state: 'working',
        icon: 'active',
        text: 'RUN',
        color: '#15803d',
        label: 'working on a task',
      },
    ],
    [
      'paused by the member',
      { paused_by_user: true },
      { state: 'paused', icon: 'paused', text: 'II', color: '#b45309', label: 'paused' },
    ],
    [
      'paused by a safety stop',
      { safety_stopped: true, safety_stop_code: 'network_challenge' },
      {
        state: 'safety_stop',
        icon: 'paused',
        text: 'STOP',
        color: '#c2410c',
        label: 'paused by a safety stop',
      },
    ],
    [
      'signed out of the network',
      { network_signed_in: false },
      {
        state: 'network_signed_out',
        icon: 'alert',
        text: 'OUT',
        color: '#b91c1c',
        label: 'signed out of the network',
      },
    ],
    [
      'service unreachable',
      { service_reachable: false },
      {
        state: 'service_unreachable',
        icon: 'unreachable',
        text: '!',
        color: '#b91c1c',
        label: 'service unreachable',
      },
    ],
    [
      'service answering with errors',
      { service_error: 'HTTP 503' },
      {
        state: 'service_unreachable',
        icon: 'unreachable',
        text: '!',
        color: '#b91c1c',
        label: 'service error',
      },
    ],
    [
      'not signed in to the service',
      { signed_in_service: false },
      { state: 'signed_out', icon: 'off', text: '', color: '#6b7280', label: 'not signed in' },
    ],
    [
      'no answer from the service yet, or none lately',
      { service_reachable: null },
      {
        state: 'connecting',
        icon: 'off',
        text: '…',
        color: '#6b7280',
        label: 'connecting to the service',
      },
    ],
  ];
  for (const [name, input, want] of cases) {
    it(name, () => {
      const b = badgeFor({ ...WORKING_OK, ...input });
      expect({
        state: b.state,
        icon: b.icon,
        text: b.text,
        color: b.color,
        label: b.label,
      }).toEqual(want);
      expect(b.title).toMatch(new RegExp(`^Network Agent: ${want.label}`));
    });
  }

  it('the four states a member must notice each look different on the toolbar (icon and badge)', () => {
    const looks = [
      { working: true },
      { safety_stopped: true },
      { network_signed_in: false },
      { service_reachable: false },
    ].map((i) => {
      const b = badgeFor({ ...WORKING_OK, ...i });
      return `${b.icon}|${b.text}`;
    });
    expect(new Set(looks).size).toBe(4);
    // And no two of them share the icon: the colour alone tells them apart, before the badge is read.
    expect(new Set(looks.map((l) => l.split('|')[0])).size).toBe(4);
  });

  it('the tooltip names the safety stop and what to do when signed out of the network', () => {
    expect(
      badgeFor({ ...WORKING_OK, safety_stopped: true, safety_stop_code: 'network_rate_limited' })
        .title,
    ).toBe('Network Agent: paused by a safety stop (the network limited our requests)');
    expect(badgeFor({ ...WORKING_OK, network_signed_in: false }).title).toContain(
      'sign in to the network in a tab',
    );
  });

  it('most urgent first: unreachable over signed out of the network, over a safety stop, over a pause, over work', () => {
    const everything: BadgeInput = {
      ...WORKING_OK,
      service_reachable: false,
      network_signed_in: false,
      safety_stopped: true,
      paused_by_user: true,
      working: true,
    };
    expect(badgeFor(everything).state).toBe('service_unreachable');
    expect(badgeFor({ ...everything, service_reachable: true }).state).toBe('network_signed_out');
    expect(
      badgeFor({ ...everything, service_reachable: true, network_signed_in: true }).state,
    ).toBe('safety_stop');
    expect(
      badgeFor({
        ...everything,
        service_reachable: true,
        network_signed_in: true,
        safety_stopped: false,
      }).state,
    ).toBe('paused');
    expect(badgeFor({ ...everything, signed_in_service: false }).state).toBe('signed_out');
  });

  it('a network state not yet checked is not "signed out"', () => {
    expect(badgeFor({ ...WORKING_OK, network_signed_in: null }).state).toBe('ready');
  });

  it('every icon the toolbar may show is in public/icons/ (rendered by scripts/render-icons.mjs)', () => {
    const publicDir = fileURLToPath(new URL('../../../public', import.meta.url));
    for (const sizes of Object.values(ICON_PATHS)) {
      for (const path of Object.values(sizes))
        expect(existsSync(publicDir + path), path).toBe(true);
    }
  });
});

describe('the toolbar in the browser', () => {
  let setIcon: ReturnType<typeof vi.fn>;
  let stopWatching: (() => void) | null = null;
  const now = () => Date.now();

  beforeEach(() => {
    fakeBrowser.reset();
    setIcon = vi.fn(async () => {});
    Object.assign(fakeBrowser.action, { setIcon });
  });
  afterEach(() => {
    stopWatching?.();
    stopWatching = null;
  });

  async function toolbar() {
    const color = await fakeBrowser.action.getBadgeBackgroundColor({});
    return {
      icon: setIcon.mock.calls.at(-1)?.[0],
      text: await fakeBrowser.action.getBadgeText({}),
      color: `#${(color as number[])
        .slice(0, 3)
        .map((c) => c.toString(16).padStart(2, '0'))
        .join('')}`,
      title: await fakeBrowser.action.getTitle({}),
    };
  }

  async function signIn() {
    await saveCredentials({
      service_url: 'http://service.test',
      api_key: 'key',
      agent_token: 'token',
      user: { id: 'u1', email: 'grace@example.com', full_name: 'Grace' },
      team: { id: 't1', name: 'Team' },
      role: 'admin',
    });
  }

  /** The watcher alone brings the toolbar there (no refresh is asked for). */
  async function expectToolbar(want: Record<string, unknown>) {
    await vi.waitFor(async () => expect(await toolbar()).toMatchObject(want), {
      timeout: 2_000,
      interval: 10,
    });
  }

  it('showBadge sets the icon variant, badge text and colour, white badge text and the tooltip', async () => {
    await showBadge(badgeFor({ ...WORKING_OK, service_reachable: false }));
    expect(await toolbar()).toEqual({
      icon: { path: { 16: '/icons/unreachable-16.png', 32: '/icons/unreachable-32.png' } },
      text: '!',
      color: '#b91c1c',
      title: 'Network Agent: service unreachable (tasks wait until it answers)',
    });
  });

  it('follows the stored state: signed out, ready, working, safety stop, paused, network signed out, unreachable', async () => {
    stopWatching = watchBadge(now);
    await refreshBadge(now);
    expect(await toolbar()).toMatchObject({ icon: { path: ICON_PATHS.off }, text: '' });

    await signIn();
    const network = {
      signed_in: true,
      member_urn: 'urn:li:fsd_profile:1',
      public_identifier: 'grace',
      full_name: 'Grace',
      problem: null,
      checked_at: now(),
    };
    // Reachable once, but not heard from for three heartbeats: never "ready" on an old answer.
    await agentStateItem.setValue({
      ...INITIAL_STATE,
      service_reachable: true,
      last_heartbeat_at: now() - 4 * 60_000,
      network,
    });
    await expectToolbar({
      icon: { path: ICON_PATHS.off },
      text: '…',
      title: 'Network Agent: connecting to the service (tasks start once it answers)',
    });
    await agentStateItem.setValue({
      ...INITIAL_STATE,
      service_reachable: true,
      last_heartbeat_at: now(),
      network,
    });
    await expectToolbar({
      icon: { path: ICON_PATHS.active },
      text: '',
      title: 'Network Agent: ready',
    });

    // A task starts: the toolbar shows it without the claim loop looking.
    await agentStateItem.setValue({
      ...(await agentStateItem.getValue()),
      current_task: {
        id: 'task-1',
        type: 'agent_profile_fetch',
        target: 'ada-lovelace',
        started_at: now(),
      },
    });
    await expectToolbar({ icon: { path: ICON_PATHS.active }, text: 'RUN', color: '#15803d' });
    await agentStateItem.setValue({ ...(await agentStateItem.getValue()), current_task: null });

    await safetyStopsItem.setValue([
      {
        code: 'network_rate_limited',
        types: [...TASK_TYPES],
        until: now() + 3_600_000,
        message: 'slow down',
      },
    ]);
    await expectToolbar({ icon: { path: ICON_PATHS.paused }, text: 'STOP', color: '#c2410c' });

    // An expired stop no longer counts.
    await safetyStopsItem.setValue([
      {
        code: 'network_rate_limited',
        types: [...TASK_TYPES],
        until: now() - 1,
        message: 'slow down',
      },
    ]);
    await updateSettings({ paused_by_user: true });
    await expectToolbar({ icon: { path: ICON_PATHS.paused }, text: 'II', color: '#b45309' });
    await updateSettings({ paused_by_user: false });

    await agentStateItem.setValue({
      ...(await agentStateItem.getValue()),
      network: {
        signed_in: false,
        member_urn: null,
        public_identifier: null,
        full_name: null,
        problem: { code: 'network_signed_out', message: 'signed out' },
        checked_at: now(),
      },
    });
    await expectToolbar({ icon: { path: ICON_PATHS.alert }, text: 'OUT', color: '#b91c1c' });

    await agentStateItem.setValue({
      ...(await agentStateItem.getValue()),
      service_reachable: false,
      service_error: 'fetch failed',
    });
    await expectToolbar({ icon: { path: ICON_PATHS.unreachable }, text: '!', color: '#b91c1c' });
  });

  it('falls back to browserAction where there is no action (Firefox MV2)', async () => {
    const calls: string[] = [];
    const browserAction = {
      setIcon: async (d: { path: unknown }) => void calls.push(`icon ${JSON.stringify(d.path)}`),
      setBadgeText: async (d: { text: string }) => void calls.push(`text ${d.text}`),
      setBadgeBackgroundColor: async (d: { color: string }) => void calls.push(`color ${d.color}`),
      setBadgeTextColor: async (d: { color: string }) => void calls.push(`text color ${d.color}`),
      setTitle: async (d: { title: string }) => void calls.push(`title ${d.title}`),
    };
    const saved = fakeBrowser.action;
    Object.assign(fakeBrowser, { action: undefined, browserAction });
    try {
      await showBadge(badgeFor({ ...WORKING_OK, working: true }));
    } finally {
      Object.assign(fakeBrowser, { action: saved });
    }
    expect(calls).toEqual([
      `icon ${JSON.stringify(ICON_PATHS.active)}`,
      'text RUN',
      'color #15803d',
      'text color #ffffff',
      'title Network Agent: working on a task',
    ]);
  });
});
