import { expect, test } from 'vitest';
import { newestAnswer } from '../../../src/dashboard/newest-answer.js';

test('an answer of a load begun before the one drawn is dropped; a later one is drawn', () => {
  const answers = newestAnswer();
  const live = answers.begin(); // the live stream's reload, on its way before a save
  const afterSave = answers.begin();
  expect(answers.mayDraw(afterSave)).toBe(true);
  expect(answers.mayDraw(live)).toBe(false);
  const next = answers.begin();
  expect(answers.mayDraw(next)).toBe(true);
});

test('answers that come back in the order they were asked are all drawn', () => {
  const answers = newestAnswer();
  const first = answers.begin();
  const second = answers.begin();
  expect(answers.mayDraw(first)).toBe(true);
  expect(answers.mayDraw(second)).toBe(true);
});
