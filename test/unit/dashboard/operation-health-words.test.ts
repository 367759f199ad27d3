import { expect, test } from 'vitest';
import type { OperationHealth } from '../../../src/contract/agent.js';
import { operationHealthLines } from '../../../src/contract/operation-health-words.js';

// The words of the admins' health notice and the operator's `network-health`: one line per field
// a call's answers lacked, whichever of its ways gave them, and one per way failing otherwise.

const at = (m: number) => `2026-11-27T14:${String(m).padStart(2, '0')}:00.000Z`;
const hhmm = (iso: string) => iso.slice(11, 16);

/** What the extension reports when a profile's headline moved: both ways lack it and fail. */
const headlineMoved: OperationHealth = {
  operation: 'agent_profile_fetch',
  map_version: 3,
  state: 'broken',
  since: at(2),
  last_at: at(5),
  runs: 2,
  failed_runs: 2,
  missing_fields: [
    {
      call: 'profile',
      alternative: 'dash-full-profile',
      field: 'headline',
      results: 2,
      missing: 2,
      since: at(3),
      last_at: at(5),
    },
    {
      call: 'profile',
      alternative: 'dash-full-profile-91',
      field: 'headline',
      results: 2,
      missing: 1,
      since: at(2),
      last_at: at(5),
    },
  ],
  failed_ways: [
    {
      call: 'profile',
      alternative: 'dash-full-profile',
      status: null,
      code: 'network_changed',
      message: "The network's profile answer (dash-full-profile) lacks headline",
      count: 2,
      since: at(3),
      last_at: at(5),
    },
    {
      call: 'profile_relationship',
      alternative: 'top-card-core',
      status: 400,
      code: 'network_changed',
      message: 'HTTP 400',
      count: 1,
      since: at(4),
      last_at: at(4),
    },
  ],
};

test('a field lacked by several ways of a call is one line naming them; a way failing for it is not repeated', () => {
  expect(operationHealthLines(headlineMoved, hhmm)).toEqual([
    'profile fetches: headline missing in 75 % since 14:02, map version 3 (profile by dash-full-profile, dash-full-profile-91)',
    'profile fetches: top-card-core (profile_relationship) failing HTTP 400 1× since 14:04, map version 3',
  ]);
});

test('a way failing as network_changed for another reason than a lacked field keeps its line', () => {
  const noFields = { ...headlineMoved, missing_fields: [] };
  expect(operationHealthLines(noFields, hhmm)).toEqual([
    'profile fetches: dash-full-profile (profile) failing network_changed 2× since 14:03, map version 3',
    'profile fetches: top-card-core (profile_relationship) failing HTTP 400 1× since 14:04, map version 3',
  ]);
});

test('an operation with nothing itemised still says its state', () => {
  expect(
    operationHealthLines({ ...headlineMoved, missing_fields: [], failed_ways: [] }, hhmm),
  ).toEqual(['profile fetches: broken since 14:02, map version 3']);
});

test('an operation no report names any more, not seen whole, says it is unknown and since when', () => {
  expect(
    operationHealthLines(
      { ...headlineMoved, state: 'unknown', unknown_since: at(30), last_reported_at: at(29) },
      hhmm,
    ),
  ).toEqual([
    'profile fetches: unknown since 14:30, last reported not whole at 14:29, map version 3 ' +
      '(no report names it and no whole answer of it was seen)',
  ]);
});
