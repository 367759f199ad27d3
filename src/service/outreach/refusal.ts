import type { Queryable } from '../db/database.js';
import { listedEntryFor, listedRefusal } from './do-not-contact.js';
import type { PersonRef } from './person-keys.js';
import { recentContactBy, recentContactRefusal } from './recent-contact.js';

/** What is about to be queued for a person. */
export type OutreachKind = 'invitation' | 'message' | 'comment' | 'enrollment';

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
  now?: Date;
}

/** Why the action is refused: the list, or another member's recent contact. */
export interface Refusal {
  code: 'do_not_contact' | 'contacted_recently';
  /** The 409's `{error}` and the reason a sequence shows. */
  error: string;
}

/**
 * Whether an action for a person may be queued (docs/team-pool.md): refused when the person or
 * their current company is on the team's do-not-contact list (always), or, for an invitation or a
 * first message, when another member invited or messaged them within the team's contact window
 * (unless `force`). Null: go ahead.
 */
export async function refusalFor(
  db: Queryable,
  teamId: string,
  person: PersonRef,
  check: OutreachCheck,
): Promise<Refusal | null> {
  const listed = await listedEntryFor(db, teamId, person, check.companyKeys);
  if (listed) return { code: 'do_not_contact', error: listedRefusal(listed) };
  const windowed =
    check.kind === 'invitation' || (check.kind === 'message' && check.firstMessage !== false);
  if (!windowed || check.force || !person.profileUrn) return null;
  const recent = await recentContactBy(
    db,
    teamId,
    person.profileUrn,
    check.userId ?? null,
    check.now,
  );
  return recent ? { code: 'contacted_recently', error: recentContactRefusal(recent) } : null;
}
