// Either database: pure functions of the service, no database at all.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manyWords, REFUSABLE_TYPES, TASK_TYPES } from '../../../src/contract/task-kinds.js';
import { consentText, REVISION } from '../../../src/service/consent/consent-text.js';

/**
 * The consent text is built from the task kinds' description (src/contract/task-kinds.ts), so a
 * change of a kind can change the words members agreed to. Each text is pinned here by its hash
 * with the revision members agreed to: a new text fails until REVISION changes (every member is
 * asked again) and its hash is recorded here.
 */
const AGREED: Record<string, string> = {
  '2026-11-27': '75d40b462d6b48db01ebd91f0c87917a4b7b1154e9bbaf85220cbb53894f2ce5',
};

describe('the consent text', () => {
  const c = consentText();
  it(`${c.version}: the words members agreed to under that revision`, () => {
    expect(c.version).toBe(REVISION);
    expect(createHash('sha256').update(c.text).digest('hex')).toBe(AGREED[c.version]);
  });

  it('lists every kind for every member, and names every kind a member may turn off', () => {
    expect(c.task_types).toEqual(TASK_TYPES);
    // Sequences send connection requests from any of their senders' accounts: everyone is told.
    expect(c.text).toContain('Connection requests (invitations)');
    expect(c.text).toContain("from any member's account, yours included");
    const control = c.text.split('\n\n').find((p) => p.startsWith('You stay'))!;
    for (const t of REFUSABLE_TYPES) expect(control).toContain(manyWords(t));
  });
});
