import { listedEntryFor, listedRefusal } from '../outreach/do-not-contact.js';
import type { Queryable } from '../db/database.js';
import type { EnrollResponse } from '../../contract/sequences.js';
import { normalizeProfileIdentifier } from '../../contract/urns.js';
import { followMember } from '../relationships/follow-member.js';

/**
 * Enrolls people in a sequence (docs/sequences.md): each by profile URL, slug or URN. Skipped, with
 * the reason: what is not a profile, a member id (it names no profile the network can open), a
 * repeat within the request, a person in an active sequence of the team, and a person who replied
 * to the team before (one does not sequence someone already in conversation).
 */
export async function enroll(
  db: Queryable,
  teamId: string,
  sequenceId: string,
  senderUserId: string,
  profiles: string[],
): Promise<EnrollResponse> {
  const skipped: EnrollResponse['skipped'] = [];
  const seen = new Set<string>();
  let enrolled = 0;
  for (const input of profiles) {
    const id = normalizeProfileIdentifier(input);
    if (!id) {
      skipped.push({ profile: input, reason: 'not a profile URL, slug or URN' });
      continue;
    }
    if (id.kind === 'member_id') {
      skipped.push({
        profile: input,
        reason:
          'a member id names no profile the network can open: give the profile URL or its fsd_profile URN',
      });
      continue;
    }
    const urn = id.kind === 'profile_id' ? `urn:li:fsd_profile:${id.identifier}` : null;
    const slug = id.kind === 'profile_slug' ? id.identifier : null;
    const key = urn ?? `slug:${slug}`;
    if (seen.has(key)) {
      skipped.push({ profile: input, reason: 'listed twice' });
      continue;
    }
    seen.add(key);
    const [active] = await db.query<{ name: string }>(
      `SELECT s.name FROM sequence_enrollments e JOIN sequences s ON s.id = e.sequence_id
        WHERE e.team_id = $1 AND e.state IN ('active', 'waiting_acceptance') AND (e.profile_urn = $2 OR e.profile_slug = $3) LIMIT 1`,
      [teamId, urn, slug],
    );
    if (active) {
      skipped.push({ profile: input, reason: `already in the active sequence “${active.name}”` });
      continue;
    }
    const [answered] = await db.query(
      `SELECT 1 WHERE EXISTS (SELECT 1 FROM inbox_messages WHERE team_id = $1 AND sender_urn = $2 AND NOT from_me)
                   OR EXISTS (SELECT 1 FROM sequence_enrollments WHERE team_id = $1 AND replied_at IS NOT NULL AND (profile_urn = $2 OR profile_slug = $3))`,
      [teamId, urn, slug],
    );
    if (answered) {
      skipped.push({ profile: input, reason: 'replied to the team before' });
      continue;
    }
    const listed = await listedEntryFor(db, teamId, { profileUrn: urn, profileSlug: slug });
    if (listed) {
      skipped.push({ profile: input, reason: listedRefusal(listed) });
      continue;
    }
    await db.query(
      'INSERT INTO sequence_enrollments (id, sequence_id, team_id, profile_input, profile_slug, profile_urn) VALUES ($1, $2, $3, $4, $5, $6)',
      [crypto.randomUUID(), sequenceId, teamId, input.trim(), slug, urn],
    );
    enrolled++;
  }
  if (enrolled) await followMember(db, teamId, senderUserId);
  return { enrolled, skipped };
}
