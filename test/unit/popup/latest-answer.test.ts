import { expect, test } from 'vitest';
import { latestAnswer } from '../../../src/popup/latest-answer.js';

/** Answers shown in the order their questions were asked (src/popup/latest-answer.ts). */

test('an answer to an older question than the one shown is dropped; newer ones are shown', () => {
  const answers = latestAnswer();
  const first = answers.ask();
  const second = answers.ask();
  const third = answers.ask();
  expect(answers.isLatest(second)).toBe(true);
  expect(answers.isLatest(first)).toBe(false);
  expect(answers.isLatest(third)).toBe(true);
  expect(answers.isLatest(second)).toBe(false);
});

test('answers arriving in order are all shown', () => {
  const answers = latestAnswer();
  const questions = [answers.ask(), answers.ask(), answers.ask()];
  expect(questions.map((q) => answers.isLatest(q))).toEqual([true, true, true]);
});
