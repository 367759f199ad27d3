import type { SentInvitation } from '../../contract/task-outputs.js';
import type { JsonNode } from '../normalized.js';
import type { ComponentStream } from './stream/stream.js';
import type { FieldReader } from './fields.js';
import { profileUrnIn } from './urns.js';

/** A sent invitation as the operations need it: what the task answers, and what a withdrawal sends. */
export interface SentInvitationRead extends SentInvitation {
  withdraw: {
    shared_secret: string | null;
    vanity_name: string | null;
    first_name: string | null;
    last_name: string | null;
  };
}

const profileUrl = (slug: string | null) => (slug ? `https://www.linkedin.com/in/${slug}/` : null);

/**
 * One row of the REST sent list (docs/network-internal-api.md, "Calls"): a view whose `*invitation`
 * is the Invitation (`invitationUrn` or an `fs_relInvitation` URN with the same number, `sentTime`,
 * `message` = the note, `sharedSecret`) and whose `*toMember` is the invitee's mini profile. The URN
 * is answered as `urn:li:fsd_invitation:<n>`, the form the invitation call answered.
 */
export function readSentInvitation(view: JsonNode, f: FieldReader): SentInvitationRead | null {
  const inv = f.object(view, 'invitation', 'invitation') ?? view;
  const i = f.of(inv, 'invitation');
  const n = i
    .strings('urn')
    .map((s) => /^urn:li:(?:fsd_invitation|fs_relInvitation|invitation):(\d+)$/.exec(s)?.[1])
    .find((x) => x !== undefined);
  const invitee = i.object('invitee');
  if (!n || !invitee) return null;
  const p = f.of(invitee, 'profile');
  const profileUrn = p
    .strings('profile_urn')
    .map(profileUrnIn)
    .find((u) => u !== null);
  if (!profileUrn) return null;
  const [slug, first, last] = [p.str('public_identifier'), p.str('first_name'), p.str('last_name')];
  const sent = i.num('sent_at');
  return {
    invitation_urn: `urn:li:fsd_invitation:${n}`,
    profile_urn: profileUrn,
    name: `${first ?? ''} ${last ?? ''}`.trim(),
    profile_url: profileUrl(slug),
    sent_at: sent === null ? null : new Date(sent).toISOString(),
    note: i.str('note'),
    withdraw: {
      shared_secret: i.str('secret'),
      vanity_name: slug,
      first_name: first,
      last_name: last,
    },
  };
}

/**
 * The rows of the invitation manager's sent screen, by meaning: each invitation's Withdraw action
 * carries the payload a withdrawal sends (`invitationUrn.invitationId`, `profileUrn`,
 * `inviteeVanityName`, names). The screen shows an age in words, no time and no note: both null.
 */
export function readSentScreen(stream: ComponentStream): SentInvitationRead[] {
  const rows = new Map<string, SentInvitationRead>();
  const str = (v: unknown) => {
    const s = stream.deref(v);
    return typeof s === 'string' ? s : null;
  };
  for (const v of stream.values()) {
    if (Array.isArray(v)) continue;
    const id = str(
      (stream.deref(v.invitationUrn) as Record<string, unknown> | undefined)?.invitationId,
    );
    const profileUrn = profileUrnIn(str(v.profileUrn));
    if (!id || !/^\d+$/.test(id) || !profileUrn || rows.has(id)) continue;
    const [slug, first, last] = [
      str(v.inviteeVanityName),
      str(v.inviteeFirstName),
      str(v.inviteeLastName),
    ];
    rows.set(id, {
      invitation_urn: `urn:li:fsd_invitation:${id}`,
      profile_urn: profileUrn,
      name: `${first ?? ''} ${last ?? ''}`.trim(),
      profile_url: profileUrl(slug),
      sent_at: null,
      note: null,
      withdraw: { shared_secret: null, vanity_name: slug, first_name: first, last_name: last },
    });
  }
  return [...rows.values()];
}
