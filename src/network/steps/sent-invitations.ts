import { callNetwork } from '../call.js';
import type { OperationContext } from '../operations/context.js';
import { collectPages } from '../paging.js';
import { listItems, notUnderstood } from '../read/answer.js';
import {
  readSentInvitation,
  readSentScreen,
  type SentInvitationRead,
} from '../read/sent-invitation.js';

/**
 * The member's pending invitations, newest first, up to `want`, page by page to an empty one: the
 * REST list's `paging.total` read 0 against real rows (2026-10), so it is never trusted; the
 * invitation manager's screen gives about 10 a window. `until` stops early once what was read is
 * enough (a withdrawal looks for one person).
 */
export async function sentInvitations(
  ctx: OperationContext,
  want: number,
  until?: (read: SentInvitationRead[]) => boolean,
): Promise<SentInvitationRead[]> {
  const { items } = await collectPages({
    want,
    fetchPage: (page) =>
      callNetwork(ctx, 'sent_invitations', { start: page.start, count: page.count }, (answer) => {
        let read: { items: SentInvitationRead[]; size: number };
        if (answer.stream) {
          const items = readSentScreen(answer.stream);
          // Cards the screen shows but whose invitations cannot be read: the screen changed.
          const cards = answer.stream.components(answer.alt.read?.names?.invitation ?? []).length;
          if (cards > items.length)
            throw notUnderstood(
              'sent_invitations',
              answer,
              `invitation in ${cards - items.length} of its cards`,
            );
          read = { items, size: items.length };
        } else
          read = listItems('sent_invitations', answer, (node) =>
            readSentInvitation(node, answer.fields),
          );
        return { ...read, total: null, token: null, by: 'start' as const };
      }),
    key: (i) => i.invitation_urn,
    pause: ctx.pause,
    enough: until,
  });
  return items;
}
