import type { Queryable } from '../db/database.js';

/** A person by both forms the service may know them by; either may be unknown. */
interface KnownPerson {
  profileUrn: string | null;
  /** Lower-cased, as the checks and enrollments compare slugs. */
  profileSlug: string | null;
}

/**
 * The person as the team knows them: the form not given filled in from the team's profile reads
 * (`team_people`, filed by every profile fetch: people-filing.ts), so that a slug, a profile URL
 * and a URN of one person are one person before anyone visits them again.
 */
export async function knownPerson(
  db: Queryable,
  teamId: string,
  person: KnownPerson,
): Promise<KnownPerson> {
  const slug = person.profileSlug?.toLowerCase() ?? null;
  if (person.profileUrn && slug) return { profileUrn: person.profileUrn, profileSlug: slug };
  if (!person.profileUrn && !slug) return { profileUrn: null, profileSlug: null };
  const [row] = await db.query<{ profile_urn: string; profile_slug: string | null }>(
    person.profileUrn
      ? 'SELECT profile_urn, profile_slug FROM team_people WHERE team_id = $1 AND profile_urn = $2'
      : 'SELECT profile_urn, profile_slug FROM team_people WHERE team_id = $1 AND profile_slug = $2 ORDER BY seen_at DESC LIMIT 1',
    [teamId, person.profileUrn ?? slug],
  );
  return {
    profileUrn: person.profileUrn ?? row?.profile_urn ?? null,
    profileSlug: slug ?? row?.profile_slug ?? null,
  };
}
