import type { Queryable } from '../db/database.js';
import type { PersonRef } from './person-keys.js';

/** The list's entry a person is refused for: them, or their current company. */
export interface ListedEntry {
  kind: 'person' | 'company';
  value: string;
  reason: string | null;
}

/**
 * The do-not-contact entry that covers a person (parameters: `listedEntryParams`): an entry for any
 * form of them the team knows (their URN, their slug: a profile read tells the one from the other),
 * or for a current company of theirs as the team's profile reads show it, or one of the companies
 * the caller knows besides. Each kind is one lookup in the list's (team, kind, key) index, so the
 * cost does not grow with the list.
 */
export const LISTED_ENTRY_SQL = `WITH person AS (
       SELECT p.profile_urn, p.profile_slug, p.company_keys FROM team_people p
        WHERE p.team_id = $1 AND (p.profile_urn = $2::text OR p.profile_slug = $3::text)
     ),
     person_keys AS (
       SELECT unnest(ARRAY[$2::text, 'slug:' || $3::text, $4::text]) AS key
       UNION ALL SELECT profile_urn FROM person
       UNION ALL SELECT 'slug:' || profile_slug FROM person WHERE profile_slug IS NOT NULL
     ),
     company_keys AS (
       SELECT unnest($5::text[]) AS key
       UNION ALL SELECT unnest(company_keys) FROM person
     )
     SELECT kind, value, reason FROM (
       SELECT d.kind, d.value, d.reason FROM do_not_contact d
        WHERE d.team_id = $1 AND d.kind = 'person'
          AND d.key = ANY (ARRAY(SELECT key FROM person_keys WHERE key IS NOT NULL))
       UNION ALL
       SELECT d.kind, d.value, d.reason FROM do_not_contact d
        WHERE d.team_id = $1 AND d.kind = 'company'
          AND d.key = ANY (ARRAY(SELECT key FROM company_keys))
     ) AS listed
      ORDER BY kind DESC
      LIMIT 1`;

/** `$1`-`$5` of `LISTED_ENTRY_SQL`; `companyKeys` in the list's key form. */
export function listedEntryParams(
  teamId: string,
  person: PersonRef,
  companyKeys: readonly string[] = [],
): [string, string | null, string | null, string | null, string[]] {
  return [
    teamId,
    person.profileUrn ?? null,
    person.profileSlug?.toLowerCase() ?? null,
    person.memberId ? `member:${person.memberId}` : null,
    [...companyKeys],
  ];
}

/** The do-not-contact entry that covers a person, if one does (`LISTED_ENTRY_SQL`). */
export async function listedEntryFor(
  db: Queryable,
  teamId: string,
  person: PersonRef,
  companyKeys: readonly string[] = [],
): Promise<ListedEntry | null> {
  const rows = await db.query<ListedEntry>(
    LISTED_ENTRY_SQL,
    listedEntryParams(teamId, person, companyKeys),
  );
  return rows[0] ?? null;
}

/**
 * Why a listed person is refused, in the words a 409 and a sequence show. `subject` names them
 * (`the post's author` for a like or a comment); `page`: they are a company page, listed itself.
 */
export function listedRefusal(entry: ListedEntry, subject = 'this person', page = false): string {
  const which =
    entry.kind === 'company' && !page
      ? `works at ${entry.value}, which is on the team's do-not-contact list`
      : `is on the team's do-not-contact list (${entry.value})`;
  return `Refused: ${subject} ${which}${entry.reason ? `: ${entry.reason}` : ''}`;
}
