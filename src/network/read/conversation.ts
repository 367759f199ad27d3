import type { Conversation, ConversationMessage } from '../../contract/task-outputs.js';
import type { JsonNode } from '../normalized.js';
import type { FieldReader } from './fields.js';
import { profileUrnIn } from './urns.js';

type ConversationParticipant = Conversation['participants'][number];

/** A participant of a conversation (inline, or a `*` reference the reader resolves). */
function readParticipant(node: JsonNode | null, f: FieldReader): ConversationParticipant | null {
  const p = node && f.of(node, 'inbox');
  const urn = p?.strings('profile_urn').map(profileUrnIn).find(Boolean);
  return urn
    ? {
        profile_urn: urn,
        name: `${p!.str('first_name') ?? ''} ${p!.str('last_name') ?? ''}`.trim(),
        profile_url: p!.str('url'),
      }
    : null;
}

/**
 * One message (docs/network-internal-api.md, "Messages of a conversation"): text, delivery time and
 * sender. The member's own are told by the sender, never by an `originToken` (the network does not
 * send it back). Null when it cannot be read.
 */
export function readMessage(
  node: JsonNode | null,
  f: FieldReader,
  selfUrn: string,
): ConversationMessage | null {
  const m = node && f.of(node, 'inbox');
  const sender = m && readParticipant(m.object('sender'), f);
  const text = m?.str('text');
  const at = m?.num('delivered_at');
  if (!sender || typeof text !== 'string' || typeof at !== 'number') return null;
  return {
    text,
    sender_urn: sender.profile_urn,
    sender_name: sender.name || null,
    from_me: sender.profile_urn === selfUrn,
    delivered_at: new Date(at).toISOString(),
  };
}

/** One conversation of the inbox: the others in it and its last message. Null when unreadable. */
export function readConversation(
  node: JsonNode,
  f: FieldReader,
  selfUrn: string,
): Conversation | null {
  const c = f.of(node, 'inbox');
  const urn = c.str('conversation_urn');
  const at = c.num('last_activity_at');
  if (!urn?.startsWith('urn:li:msg_conversation:') || at === null) return null;
  const read = c.node('read')?.value;
  const last = readMessage(c.object('last_message'), f, selfUrn);
  if (last) delete (last as Partial<ConversationMessage>).sender_name;
  return {
    conversation_urn: urn,
    unread: read === false || (read !== true && (c.num('unread_count') ?? 0) > 0),
    last_activity_at: new Date(at).toISOString(),
    participants: c
      .list('participants')
      .map((p) => readParticipant(p, f))
      .filter((p): p is ConversationParticipant => !!p && p.profile_urn !== selfUrn),
    last_message: last,
  };
}
