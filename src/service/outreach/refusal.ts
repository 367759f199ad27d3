import type { Queryable } from '../db/database.js';
import {
  LISTED_ENTRY_SQL,
  type ListedEntry,
  listedEntryFor,
  listedEntryParams,
  listedRefusal,
} from './do-not-contact.js';
import type { PersonRef } from './person-keys.js';
import { withdrawnRecentlyRefusal } from './withdrawn-recently.js';
import { type RecentContact, recentContactRefusal, recentContactSql } from './recent-contact.js';

/** Both checks in one statement: the list's entry, and the latest contact in the window. */
const LISTED_OR_RECENT_SQL = `SELECT l.kind, l.value, l.reason,
            r.email AS contact_email, r.at AS contact_at, r.kind AS contact_kind
       FROM (SELECT 1) AS one
       LEFT JOIN LATERAL (${LISTED_ENTRY_SQL}) AS l ON true
       LEFT JOIN LATERAL (${recentContactSql('$6', '$7')}) AS r ON true`;

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
  // docs/budgets.md "Hygiene": the network refuses an invitation to a person withdrawn lately.
  if (check.kind === 'invitation' && person.profileUrn) {
    const withdrawn = await withdrawnRecentlyRefusal(db, teamId, person.profileUrn);
    if (withdrawn) return { refusal: withdrawn, forcedOver: null };
  }
  const windowed =
    check.kind === 'invitation' || (check.kind === 'message' && check.firstMessage !== false);
  if (!windowed || !person.profileUrn) {
    const listed = await listedEntryFor(db, teamId, person, check.companyKeys);
    return listed ? listedVerdict(listed, check) : PASS;
  }
  const now = check.now ?? new Date();
  const [row] = await db.query<ListedOrRecentRow>(LISTED_OR_RECENT_SQL, [
    ...listedEntryParams(teamId, person, check.companyKeys),
    check.userId ?? null,
    now.toISOString(),
  ]);
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
