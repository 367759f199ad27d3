import type { Queryable } from '../db/database.js';
import type { PersonRef } from './person-keys.js';

/** The list's entry a person is refused for: them, or their current company. */
interface ListedEntry {
  kind: 'person' | 'company';
  value: string;
  reason: string | null;
}

/**
 * The do-not-contact entry that covers a person, if one does: an entry for any form of them the
 * team knows (their URN, their slug: a profile read tells the one from the other), or for a current
 * company of theirs as the team's profile reads show it (`companyKeys` adds companies the caller
 * knows besides, in the list's key form). Index lookups only, however long the list.
 */
export async function listedEntryFor(
  db: Queryable,
  teamId: string,
  person: PersonRef,
  companyKeys: readonly string[] = [],
): Promise<ListedEntry | null> {
  const urn = person.profileUrn ?? null;
  const slug = person.profileSlug?.toLowerCase() ?? null;
  const member = person.memberId ? `member:${person.memberId}` : null;
  const rows = await db.query<ListedEntry>(
    `WITH person AS (
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
     SELECT d.kind, d.value, d.reason FROM do_not_contact d
      WHERE d.team_id = $1
        AND ((d.kind = 'person' AND d.key IN (SELECT key FROM person_keys WHERE key IS NOT NULL))
          OR (d.kind = 'company' AND d.key IN (SELECT key FROM company_keys)))
      ORDER BY d.kind DESC
      LIMIT 1`,
    [teamId, urn, slug, member, [...companyKeys]],
  );
  return rows[0] ?? null;
}

/** Why a listed person is refused, in the words a 409 and a sequence show. */
export function listedRefusal(entry: ListedEntry): string {
  const which =
    entry.kind === 'company'
      ? `works at ${entry.value}, which is on the team's do-not-contact list`
      : `is on the team's do-not-contact list (${entry.value})`;
  return `Refused: this person ${which}${entry.reason ? `: ${entry.reason}` : ''}`;
}
