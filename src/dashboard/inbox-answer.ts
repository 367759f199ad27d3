import type { ConversationView, InboxResponse } from '../contract/relationships.js';
import { labelWords, NOT_CONFIGURED } from './reply-labels.js';

/**
 * The inbox panel's answer, kept with the question it answers (unread only, a label): the line
 * above the list and the empty state word what was asked, not what the filters say meanwhile.
 */
export interface InboxAnswer {
  /** Replies waiting for an answer first; newest activity first within each (the API's order). */
  conversations: ConversationView[];
  /** How many the filters match, of which the latest are listed. */
  count: number;
  unread: boolean;
  /** The label of the newest reply asked for; '' for any. */
  label: string;
  /** Conversations of more than one member are listed: each card says whose inbox it is in. */
  manyMembers: boolean;
  /** The service has no model: nothing is sorted, and a label filter could only come back empty. */
  sortingOff: boolean;
}

export function inboxAnswer(answer: InboxResponse, unread: boolean, label: string): InboxAnswer {
  const conversations = [...answer.data].sort(
    (a, b) => Number(b.awaiting_reply) - Number(a.awaiting_reply),
  );
  return {
    conversations,
    count: answer.count,
    unread,
    label,
    manyMembers: new Set(answer.data.map((c) => c.member.email)).size > 1,
    sortingOff: answer.data.some((c) => c.classification_error === NOT_CONFIGURED),
  };
}

/** "Showing the latest 50 of 80.", "2 waiting for your answer.", or nothing to say. */
export function inboxNote(a: InboxAnswer): string {
  const shown = a.conversations.length;
  if (a.count > shown) return `Showing the latest ${shown} of ${a.count}.`;
  const waiting = a.conversations.filter((c) => c.awaiting_reply).length;
  return waiting ? `${waiting} waiting for your answer.` : '';
}

/** What an empty list says: nothing matches the filters, or when conversations come. */
export function inboxEmpty(a: InboxAnswer): string {
  const unread = a.unread ? 'unread ' : '';
  if (a.label) return `No ${unread}conversation labelled “${labelWords(a.label)}”.`;
  if (unread) return 'No unread conversations.';
  return 'No conversations yet: the service reads each member’s inbox every few hours once they invite or message someone through it.';
}
