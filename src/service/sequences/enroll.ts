import type { Queryable } from '../db/database.js';
import type { EnrollResponse } from '../../contract/sequences.js';
import { normalizeProfileIdentifier } from '../../contract/urns.js';
import { knownPerson } from '../outreach/known-person.js';
import { followMember } from '../relationships/follow-member.js';
import { refusalFor } from '../outreach/refusal.js';
import { CUSTOM_PREFIX } from '../../contract/templates.js';
import { SenderPicker, type PooledSequence } from './senders.js';

/** The sequence people are enrolled in. */
interface EnrollingSequence extends PooledSequence {
  id: string;
}

/** The team's sequence `id` as enrolling reads it; null when the team has none by that id. */
export async function enrollingSequence(
  db: Queryable,
  teamId: string,
  id: string,
): Promise<EnrollingSequence | null> {
  const [row] = await db.query<EnrollingSequence>(
    'SELECT id, team_id, sender_mode, sender_user_id, sender_user_ids, steps FROM sequences WHERE team_id = $1 AND id = $2',
    [teamId, id],
  );
  return row ?? null;
}

/**
 * Enrolls people in a sequence (docs/sequences.md): each by profile URL, slug or URN, one person
 * whichever form names them when the team's profile reads know both. Skipped, with the reason: what
 * is not a profile, a member id (it names no profile the network can open), a repeat within the
 * request, a person the sequence holds already (one row per person: its funnel counts people), a
 * person in an active sequence of the team, and a person who replied to the team before (one does
 * not sequence someone already in conversation).
 */
export async function enroll(
  db: Queryable,
  seq: EnrollingSequence,
  people: (string | { profile: string; custom: Record<string, string> })[],
  awayMs: number,
): Promise<EnrollResponse> {
  const teamId = seq.team_id;
  const skipped: EnrollResponse['skipped'] = [];
  const seen = new Set<string>();
  const senders = new Set<string>();
  const picker =
    seq.sender_mode === 'one' ? null : await SenderPicker.load(db, seq, new Date(), awayMs);
  let enrolled = 0;
  for (const person of people) {
    const input = typeof person === 'string' ? person : person.profile;
    const custom = typeof person === 'string' ? {} : person.custom;
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
    // A slug, its URL and the URN are one person once any profile read told the team both.
    const { profileUrn: urn, profileSlug: slug } = await knownPerson(db, teamId, {
      profileUrn: id.kind === 'profile_id' ? `urn:li:fsd_profile:${id.identifier}` : null,
      profileSlug: id.kind === 'profile_slug' ? id.identifier : null,
    });
    const keys = [urn, slug && `slug:${slug}`].filter((k): k is string => Boolean(k));
    if (keys.some((k) => seen.has(k))) {
      skipped.push({ profile: input, reason: 'listed twice' });
      continue;
    }
    for (const k of keys) seen.add(k);
    const [here] = await db.query<{ profile_input: string }>(
      `SELECT profile_input FROM sequence_enrollments
        WHERE sequence_id = $1 AND (profile_urn = $2 OR profile_slug = $3) LIMIT 1`,
      [seq.id, urn, slug],
    );
    if (here) {
      skipped.push({ profile: input, reason: alreadyEnrolled(here.profile_input) });
      continue;
    }
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
    const listed = await refusalFor(
      db,
      teamId,
      { profileUrn: urn, profileSlug: slug },
      { kind: 'enrollment' },
    );
    if (listed) {
      skipped.push({ profile: input, reason: listed.error.replace(/^Refused: /, '') });
      continue;
    }
    const sender = await senderFor(seq, picker, urn);
    const fields = Object.fromEntries(
      Object.entries(custom).map(([k, v]) => [`${CUSTOM_PREFIX}${k}`, v]),
    );
    const inserted = await db.query(
      // The clock, not the transaction's start: the people of one request keep the order given.
      // A request enrolling the same person at the same moment meets the sequence's one row per
      // person (migration 039) and skips them.
      `INSERT INTO sequence_enrollments (id, sequence_id, team_id, profile_input, profile_slug, profile_urn, sender_user_id, sender_reason, custom, fields, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, clock_timestamp())
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        crypto.randomUUID(),
        seq.id,
        teamId,
        input.trim(),
        slug,
        urn,
        sender.userId,
        sender.reason,
        JSON.stringify(custom),
        JSON.stringify(fields),
      ],
    );
    if (inserted.length === 0) {
      skipped.push({ profile: input, reason: alreadyEnrolled(null) });
      continue;
    }
    senders.add(sender.userId);
    enrolled++;
  }
  for (const userId of senders) await followMember(db, teamId, userId);
  return { enrolled, skipped };
}

/** Why a person is not enrolled again: the sequence holds each person once (docs/sequences.md). */
function alreadyEnrolled(as: string | null): string {
  return as === null
    ? 'already enrolled in this sequence'
    : `already enrolled in this sequence (as “${as}”)`;
}

/** A person's sender: the only one, or the pool's pick; with a pool nobody of which can send now, the default one. */
async function senderFor(
  seq: EnrollingSequence,
  picker: SenderPicker | null,
  urn: string | null,
): Promise<{ userId: string; reason: string }> {
  if (!picker) return { userId: seq.sender_user_id, reason: 'the sequence’s sender' };
  const pick = await picker.pick(urn);
  if (pick) return pick;
  return {
    userId: seq.sender_user_id,
    reason: `no member of the pool can send now; ${picker.emailOf(seq.sender_user_id)} holds this person until one can`,
  };
}
