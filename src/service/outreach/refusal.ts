import { PREPARED, type Queryable } from '../db/database.js';
import {
  LISTED_ENTRY_SQL,
  type ListedEntry,
  listedEntryFor,
  listedEntryParams,
  listedRefusal,
} from './do-not-contact.js';
import type { PersonRef } from './person-keys.js';
import { WITHDRAWN_SQL, withdrawnRefusalAt } from './withdrawn-recently.js';
import { PENDING_SQL, pendingInvitationError } from './pending-invitation.js';
import { type RecentContact, recentContactRefusal, recentContactSql } from './recent-contact.js';

/** Both checks in one statement: the list's entry, and the latest contact in the window. */
const LISTED_OR_RECENT_SQL = `SELECT l.kind, l.value, l.reason,
            r.email AS contact_email, r.at AS contact_at, r.kind AS contact_kind
       FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (${LISTED_ENTRY_SQL}) AS l ON true
       LEFT JOIN LATERAL (${recentContactSql('$6', '$7')}) AS r ON true`;

/**
 * An invitation's checks in one statement: those of `LISTED_OR_RECENT_SQL`, the person's latest
 * withdrawal (docs/budgets.md "Hygiene") and the invitation that waits for them (docs/team-pool.md),
 * each a lateral look-up by the same team (`$1`) and person (`$2`).
 */
const INVITATION_SQL = `SELECT l.kind, l.value, l.reason,
            r.email AS contact_email, r.at AS contact_at, r.kind AS contact_kind,
            w.at AS withdrawn_at,
            p.email AS pending_email, p.at AS pending_at, p.sent AS pending_sent
       FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (${LISTED_ENTRY_SQL}) AS l ON true
       LEFT JOIN LATERAL (${recentContactSql('$6', '$7')}) AS r ON true
       LEFT JOIN LATERAL (${WITHDRAWN_SQL}) AS w ON true
       LEFT JOIN LATERAL (${PENDING_SQL}) AS p ON true`;

interface InvitationRow extends ListedOrRecentRow {
  withdrawn_at: Date | string | null;
  pending_email: string | null;
  pending_at: Date | string | null;
  pending_sent: boolean | null;
}

interface ListedOrRecentRow {
  kind: ListedEntry['kind'] | null;
  value: string;
  reason: string | null;
  contact_email: string | null;
  contact_at: Date | string | null;
  contact_kind: RecentContact['kind'] | null;
}

/** What is about to be queued for a person. */
export type OutreachKind = 'invitation' | 'message' | 'comment' | 'like' | 'enrollment';

interface OutreachCheck {
  kind: OutreachKind;
  /** The member it runs as: their own earlier contacts never refuse them. */
  userId?: string | null;
  /** Passes the contact window, never the do-not-contact list. */
  force?: boolean;
  /** Companies the caller knows the person works at, in the list's key form. */
  companyKeys?: readonly string[];
  /** A reply in an existing thread is not a first message: only the list applies. */
  firstMessage?: boolean;
  /**
   * An invitation is refused when any member's invitation to the person still waits (the API's
   * paths; a sequence's step decides that itself, since its sender's own invitation lets it go on).
   */
  pendingInvitation?: boolean;
  /** Who the refusal names (default `this person`), and whether they are a company page. */
  subject?: { words: string; page?: boolean };
  now?: Date;
}

/** Why the action is refused: the list, another member's recent contact, or a pending invitation. */
export interface Refusal {
  code: 'do_not_contact' | 'contacted_recently' | 'invitation_pending' | 'withdrawn_recently';
  /** The 409's `{error}` and the reason a sequence shows. */
  error: string;
}

/** What the checks found: a refusal, or the contact that `force` passed over. */
export interface OutreachVerdict {
  refusal: Refusal | null;
  /** Another member's contact inside the window that `force` went past (it would have refused). */
  forcedOver: RecentContact | null;
}

const PASS: OutreachVerdict = { refusal: null, forcedOver: null };

function listedVerdict(entry: ListedEntry, check: OutreachCheck): OutreachVerdict {
  const error = listedRefusal(entry, check.subject?.words, check.subject?.page);
  return { refusal: { code: 'do_not_contact', error }, forcedOver: null };
}

/**
 * Whether an action for a person may be queued (docs/team-pool.md): refused when the person or
 * their current company is on the team's do-not-contact list (always), or, for an invitation or a
 * first message, when another member invited or messaged them within the team's contact window
 * (unless `force`, which then answers the contact it went past). One statement either way.
 */
export async function outreachVerdict(
  db: Queryable,
  teamId: string,
  person: PersonRef,
  check: OutreachCheck,
): Promise<OutreachVerdict> {
  const windowed =
    check.kind === 'invitation' || (check.kind === 'message' && check.firstMessage !== false);
  if (!windowed || !person.profileUrn) {
    const listed = await listedEntryFor(db, teamId, person, check.companyKeys);
    return listed ? listedVerdict(listed, check) : PASS;
  }
  const now = check.now ?? new Date();
  const invitation = check.kind === 'invitation';
  // Lookups by team and person only: one plan serves every value, made once (db/database.ts).
  const [row] = await db.query<InvitationRow>(
    invitation ? INVITATION_SQL : LISTED_OR_RECENT_SQL,
    [
      ...listedEntryParams(teamId, person, check.companyKeys),
      check.userId ?? null,
      now.toISOString(),
    ],
    PREPARED,
  );
  if (invitation && check.pendingInvitation && row?.pending_at) {
    const pending = { email: row.pending_email, at: new Date(row.pending_at) };
    const error = pendingInvitationError({
      ...pending,
      userId: null,
      sent: row.pending_sent === true,
    });
    return { refusal: { code: 'invitation_pending', error }, forcedOver: null };
  }
  // docs/budgets.md "Hygiene": the network refuses an invitation to a person withdrawn lately.
  const withdrawn = invitation ? withdrawnRefusalAt(row?.withdrawn_at ?? null) : null;
  if (withdrawn) return { refusal: withdrawn, forcedOver: null };
  if (row?.kind) {
    return listedVerdict({ kind: row.kind, value: row.value, reason: row.reason }, check);
  }
  if (!row?.contact_at || !row.contact_kind) return PASS;
  const recent = { email: row.contact_email, at: new Date(row.contact_at), kind: row.contact_kind };
  if (check.force) return { refusal: null, forcedOver: recent };
  return {
    refusal: { code: 'contacted_recently', error: recentContactRefusal(recent) },
    forcedOver: null,
  };
}

/** `outreachVerdict`'s refusal alone. Null: go ahead. */
export async function refusalFor(
  db: Queryable,
  teamId: string,
  person: PersonRef,
  check: OutreachCheck,
): Promise<Refusal | null> {
  return (await outreachVerdict(db, teamId, person, check)).refusal;
}
