import type { NetworkSession } from '../network/types.js';
import { defineItem } from './storage-item.js';

/**
 * The network account a member works with. The first one seen signed in after the member signs in
 * to the extension is remembered (per member, across sign-outs); when a later session is another
 * account, the popup says so until the member accepts the new one. Tasks of the team would
 * otherwise quietly run as someone else: a colleague who borrowed the browser, a second profile.
 */
interface KnownAccount {
  user_id: string;
  member_urn: string;
  /** How the popup names it: the full name, else the public identifier, else the URN. */
  name: string;
}

export const networkAccountItem = defineItem<KnownAccount | null>('local:network_account', {
  fallback: null,
});

const nameOf = (s: NetworkSession) =>
  s.full_name || s.public_identifier || s.member_urn || 'another account';

/** Remembers the account of a signed-in session when none is known for this member yet. */
export async function noteNetworkAccount(userId: string, session: NetworkSession): Promise<void> {
  if (!session.signed_in || !session.member_urn) return;
  const known = await networkAccountItem.getValue();
  if (known?.user_id === userId) return;
  await networkAccountItem.setValue({
    user_id: userId,
    member_urn: session.member_urn,
    name: nameOf(session),
  });
}

/** The change the popup shows: who worked before and who is signed in now; null when the same. */
export function accountChange(
  known: KnownAccount | null,
  userId: string | null,
  session: NetworkSession | null,
): { before: string; now: string } | null {
  if (!known || known.user_id !== userId || !session?.signed_in || !session.member_urn) return null;
  return session.member_urn === known.member_urn
    ? null
    : { before: known.name, now: nameOf(session) };
}

/** The member confirms the account signed in now is the one to work with. */
export async function acceptNetworkAccount(
  userId: string,
  session: NetworkSession | null,
): Promise<void> {
  if (!session?.signed_in || !session.member_urn) return;
  await networkAccountItem.setValue({
    user_id: userId,
    member_urn: session.member_urn,
    name: nameOf(session),
  });
}
