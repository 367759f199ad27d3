import { describe, expect, test } from 'vitest';
import { AGENT_ERROR_CODES, TASK_STATUSES, TASK_TYPES } from '../../../src/contract/task-types.js';
import { errorSentence, kindWords, statusWords } from '../../../src/dashboard/task-words.js';

describe('task words of the dashboard', () => {
  test('every error code of the contract has its own sentence, never the code itself', () => {
    const sentences = AGENT_ERROR_CODES.map((code) =>
      errorSentence({ code, message: 'the service message' }),
    );
    for (const [i, s] of sentences.entries()) {
      expect(s, AGENT_ERROR_CODES[i]).toMatch(/^[A-Z].*\.$/);
      expect(s).not.toContain(AGENT_ERROR_CODES[i]);
    }
    expect(new Set(sentences).size).toBe(sentences.length);
    expect(errorSentence({ code: 'not_found', message: 'x' })).toBe(
      'The network has no such profile, company or post (or the address is not one).',
    );
  });

  test('a code added later falls back to the service message', () => {
    expect(errorSentence({ code: 'brand_new', message: 'Something new happened' })).toBe(
      'Something new happened',
    );
  });

  test('kinds and statuses in words', () => {
    for (const t of TASK_TYPES) expect(kindWords(t)).not.toMatch(/agent_|_/);
    expect(TASK_STATUSES.map(statusWords)).toEqual([
      'awaiting approval',
      'queued',
      'running',
      'done',
      'failed',
    ]);
  });
});
