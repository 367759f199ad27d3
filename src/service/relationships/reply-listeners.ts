import type { Queryable } from '../db/database.js';

/** A message from another person that the inbox has just learnt of. */
export interface ReceivedMessage {
  teamId: string;
  userId: string;
  conversationUrn: string;
  senderUrn: string;
  deliveredAt: string;
}

/** What a listener tells the message.received event: the sequence enrollment the sender is in. */
export type EnrollmentRef = { id: string; sequence_id: string; state: string };
type ReplyListener = (tx: Queryable, message: ReceivedMessage) => Promise<EnrollmentRef | null>;

const listeners: ReplyListener[] = [];

/**
 * Work to do, in the filing's transaction, when a person writes to a member (sequences stop the
 * person's enrollment). Kept as a registry so the inbox does not know who listens.
 */
export function onReplyReceived(listener: ReplyListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

export async function replyReceived(
  tx: Queryable,
  message: ReceivedMessage,
): Promise<EnrollmentRef | null> {
  let found: EnrollmentRef | null = null;
  for (const listener of listeners) found = (await listener(tx, message)) ?? found;
  return found;
}
