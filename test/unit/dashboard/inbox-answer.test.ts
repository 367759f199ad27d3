import { describe, expect, test } from 'vitest';
import type { ConversationView, InboxResponse } from '../../../src/contract/relationships.js';
import { inboxAnswer, inboxEmpty, inboxNote } from '../../../src/dashboard/inbox-answer.js';
import { NOT_CONFIGURED } from '../../../src/dashboard/reply-labels.js';

const conversation = (urn: string, over: Partial<ConversationView> = {}): ConversationView => ({
  conversation_urn: urn,
  member: { email: 'ada@example.com', name: 'Ada' },
  unread: false,
  last_activity_at: '2026-01-01T00:00:00Z',
  participants: [],
  last_message: null,
  awaiting_reply: false,
  classification: null,
  classification_error: null,
  ...over,
});
const page = (data: ConversationView[], count = data.length): InboxResponse => ({
  data,
  count,
  page: 1,
  limit: 50,
});

/** The inbox panel's answer, its line and its empty state (src/dashboard/inbox-answer.ts). */
describe('the inbox’s answer as the panel words it', () => {
  test('replies waiting for an answer first, the API’s newest-first order kept within each', () => {
    const a = inboxAnswer(
      page([
        conversation('new'),
        conversation('waits-new', { awaiting_reply: true }),
        conversation('old'),
        conversation('waits-old', { awaiting_reply: true }),
      ]),
      false,
      '',
    );
    expect(a.conversations.map((c) => c.conversation_urn)).toEqual([
      'waits-new',
      'waits-old',
      'new',
      'old',
    ]);
    expect(inboxNote(a)).toBe('2 waiting for your answer.');
  });

  test('more than are listed: the line says how many of how many, whatever waits', () => {
    const a = inboxAnswer(page([conversation('a', { awaiting_reply: true })], 80), false, '');
    expect(inboxNote(a)).toBe('Showing the latest 1 of 80.');
    expect(inboxNote(inboxAnswer(page([conversation('a')]), false, ''))).toBe('');
  });

  test('an empty list words the question it answers', () => {
    const none = (unread: boolean, label: string) =>
      inboxEmpty(inboxAnswer(page([]), unread, label));
    expect(none(false, 'referral')).toBe('No conversation labelled “Referral”.');
    expect(none(true, 'interested')).toBe('No unread conversation labelled “Interested”.');
    expect(none(true, '')).toBe('No unread conversations.');
    expect(none(false, '')).toMatch(/^No conversations yet: the service reads each member’s inbox/);
  });

  test('cards say whose inbox only when more than one member’s are listed', () => {
    const bob = { email: 'bob@example.com', name: null };
    expect(inboxAnswer(page([conversation('a'), conversation('b')]), false, '').manyMembers).toBe(
      false,
    );
    expect(
      inboxAnswer(page([conversation('a'), conversation('b', { member: bob })]), false, '')
        .manyMembers,
    ).toBe(true);
  });

  test('a service with no model sorts nothing: the answer says so for the filter to hide', () => {
    const unsorted = conversation('a', { classification_error: NOT_CONFIGURED });
    expect(inboxAnswer(page([unsorted]), false, '').sortingOff).toBe(true);
    expect(inboxAnswer(page([conversation('a')]), false, '').sortingOff).toBe(false);
  });
});
