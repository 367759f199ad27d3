import type { ConversationResponse, InboxMessageView } from '../contract/relationships.js';
import { call, errorMessage } from './api.js';
import type { Session } from './session.js';

/**
 * The one conversation opened in the inbox panel (GET /api-inbox/{urn}): opened and closed by its
 * card, read again with the list (a reply sent from here shows once the service has it), each
 * change followed by `show`. A read that fails is said on the conversation's card.
 */
export function openedThread(
  session: () => Session | null,
  show: () => void,
  failed: (urn: string, message: string) => void,
) {
  let urn: string | null = null;
  /** Its messages, oldest first; null while they are read. */
  let messages: InboxMessageView[] | null = null;

  async function read(s: Session, u: string) {
    try {
      const answer = await call<ConversationResponse>(
        'GET',
        `/api-inbox/${encodeURIComponent(u)}`,
        {
          session: s,
          query: { limit: 50 },
        },
      );
      if (s === session() && urn === u) messages = [...answer.messages].reverse();
    } catch (err) {
      failed(u, errorMessage(err));
    }
  }

  return {
    isOpen: (u: string) => urn === u,
    messages: () => messages,
    async toggle(u: string) {
      const s = session();
      if (!s) return;
      messages = null;
      urn = urn === u ? null : u;
      show();
      if (!urn) return;
      await read(s, u);
      show();
    },
    /** With a new list: the open conversation is read again. */
    async listed(s: Session) {
      if (urn) await read(s, urn);
    },
    close() {
      urn = null;
      messages = null;
    },
  };
}
