import type { CallContext } from '../call.js';
import { callNetwork } from '../call.js';
import { notUnderstood } from '../read/answer.js';
import { profileUrnIn } from '../read/urns.js';
import type { Me } from '../session-memory.js';

/** `GET me` (docs/network-internal-api.md, "Me"): who is signed in to the network in this tab. */
export function fetchMe(ctx: CallContext): Promise<Me> {
  return callNetwork(ctx, 'me', {}, (answer) => {
    const { root, fields } = answer;
    const one = fields.one(root);
    if (!one) throw notUnderstood('me', answer, 'data');
    const data = fields.of(one, 'me');
    // `fs_miniProfile:<id>` and `fsd_profile:<id>` share the id.
    const profileUrn = data
      .strings('profile_urn')
      .map(profileUrnIn)
      .find((u) => u !== null);
    if (!profileUrn) throw notUnderstood('me', answer, 'profile URN (miniProfile.dashEntityUrn)');
    const publicIdentifier = data.str('public_identifier');
    if (!publicIdentifier)
      throw notUnderstood('me', answer, 'public identifier (miniProfile.publicIdentifier)');
    const fullName = `${data.str('first_name') ?? ''} ${data.str('last_name') ?? ''}`.trim();
    return { profileUrn, publicIdentifier, fullName };
  });
}

/** The signed-in member, read once per session and kept in the session's memory. */
export function sessionSelf(ctx: CallContext): () => Promise<Me> {
  return () => {
    const known = ctx.memory.me;
    if (known) return known;
    const reading = fetchMe(ctx);
    ctx.memory.me = reading;
    // A failed read is not remembered: the next task asks again.
    reading.catch(() => {
      if (ctx.memory.me === reading) ctx.memory.me = null;
    });
    return reading;
  };
}
