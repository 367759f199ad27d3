import { callNetwork, type CallContext } from '../call.js';
import { NetworkError } from '../errors.js';
import { notUnderstood, oneEntity } from '../read/answer.js';
import { hasRelationship, readRelationship, type Relationship } from '../read/relationship.js';

/**
 * The member's relationship to one profile (distance, pending invitation) and the counts the
 * network still gives, by public identifier or profile id. Read before an invitation or a message
 * (the facts advise it: no code says "already connected", and messaging a non-connection is a bare
 * 422). When no alternative of the map works any more, the answer is "unknown" (null), never a
 * failed task: the caller decides what an unknown relationship means.
 */
export async function relationshipOf(
  ctx: CallContext,
  identity: string,
): Promise<Relationship | null> {
  try {
    return await callNetwork(ctx, 'profile_relationship', { identity }, (answer) => {
      const node = oneEntity('profile_relationship', answer, identity);
      const relationship = readRelationship(node, answer.fields);
      if (!hasRelationship(relationship))
        throw notUnderstood(
          'profile_relationship',
          answer,
          'relationship (memberRelationship nor distance)',
        );
      return relationship;
    });
  } catch (err) {
    if (err instanceof NetworkError && err.code === 'network_changed') return null;
    throw err;
  }
}
