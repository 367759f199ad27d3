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
  '2026-11-25-oldest-admin': '84842cdff88a5ec1d944f8f515ad129913dc3ff625507a8269537fc277543903',
  '2026-11-25-member': 'f14b5b45220eb61aeffa6883941d39f62500f0d6ccdf1cb05e1dcec80f0febbc',
};

describe('the consent text', () => {
  for (const oldestAdmin of [true, false]) {
    const c = consentText(oldestAdmin);
    it(`${c.version}: the words members agreed to under that revision`, () => {
      expect(c.version.startsWith(REVISION)).toBe(true);
      expect(createHash('sha256').update(c.text).digest('hex')).toBe(AGREED[c.version]);
    });
  }

  it('lists for the oldest admin every kind, and names every kind a member may turn off', () => {
    expect(consentText(true).task_types).toEqual(TASK_TYPES);
    expect(consentText(false).task_types).not.toContain('agent_connection_request');
    const control = consentText(true)
      .text.split('\n\n')
      .find((p) => p.startsWith('You stay'))!;
    for (const t of REFUSABLE_TYPES) expect(control).toContain(manyWords(t));
  });
});
