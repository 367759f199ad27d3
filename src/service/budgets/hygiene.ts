/**
 * Invitation hygiene (docs/budgets.md "Hygiene"): the numbers, with their sources.
 */

/**
 * Pending invitations a member may have before no more are sent. Guides keep the pending list well
 * under a few hundred (Waalaxy, Expandi and Linked Helper advise withdrawing long before the
 * network's own limit of a few hundred, which blocks new invitations); 200 leaves that margin.
 */
export const PENDING_INVITATIONS_CAP = 200;

/**
 * A person whose invitation was withdrawn cannot be invited again for about three weeks (the
 * network's help pages): an invitation to them is refused that long.
 */
export const REINVITE_AFTER_WITHDRAWAL_DAYS = 21;

/**
 * Pending invitations older than this are withdrawn by default: field practice withdraws stale ones
 * after 2 to 4 weeks (network-facts, relationship lifecycle), and after three weeks an invitation is
 * rarely accepted.
 */
export const DEFAULT_WITHDRAW_AFTER_DAYS = 21;
