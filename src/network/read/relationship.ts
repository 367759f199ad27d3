import type { JsonNode } from '../normalized.js';
import type { FieldReader } from './fields.js';

const DEGREES = {
  SELF: 'self',
  DISTANCE_1: 'first',
  DISTANCE_2: 'second',
  DISTANCE_3: 'third',
  OUT_OF_NETWORK: 'out_of_network',
} as const;
type Degree = (typeof DEGREES)[keyof typeof DEGREES];

export function degreeOf(distance: string | null): Degree | null {
  return distance && distance in DEGREES ? DEGREES[distance as keyof typeof DEGREES] : null;
}

/** What the network says of the signed-in member's relationship to one profile, and its counts. */
export interface Relationship {
  degree: Degree | null;
  /** An invitation we sent that is still pending. */
  invitationPending: boolean;
  followers: number | null;
  connections: number | null;
}

/**
 * Reads a relationship from a top card's Profile (its `MemberRelationship`), from a MemberRelationship
 * itself, or from the older `networkinfo` answer (`distance.value`, counts). The 2026 union is
 * `self`, `*connection` (first degree) or `noConnection` with `memberDistance` and an
 * `invitationUnion` (docs/network-internal-api.md, "Newer evidence").
 */
export function readRelationship(node: JsonNode, f: FieldReader): Relationship {
  const r = f.of(node, 'relationship');
  const followers = r.num('followers');
  const connections = r.num('connections');
  const union = r.object('union');
  let degree: Degree | null = null;
  let invitationPending = false;
  if (union) {
    const has = (key: string) => union.at(key).present || union.child(`*${key}`).present;
    if (has('self')) degree = 'self';
    else if (has('connection') || has('connectedMember')) degree = 'first';
    else if (union.at('noConnection').present) {
      const none = union.at('noConnection');
      degree =
        degreeOf(none.str('memberDistance') ?? none.str('memberDistance', 'value')) ??
        'out_of_network';
      const invitation = none.at('invitationUnion');
      if (invitation.child('*invitation').present || invitation.at('invitation').present) {
        const state = invitation.str('invitation', 'invitationState');
        const type = invitation.str('invitation', 'invitationType');
        invitationPending = (state === null || state === 'PENDING') && type !== 'RECEIVED';
      }
    }
  }
  degree ??= degreeOf(r.str('distance'));
  return {
    degree,
    invitationPending,
    followers: nonNegative(followers),
    connections: nonNegative(connections),
  };
}

function nonNegative(n: number | null): number | null {
  return n === null || n < 0 ? null : Math.floor(n);
}

/** Whether the node carries any relationship fact at all (else the answer is not a relationship). */
export function hasRelationship(r: Relationship): boolean {
  return r.degree !== null || r.followers !== null || r.connections !== null;
}
