import { entryOf } from '../network-map.js';
import { companyActorUrn } from '../parse/actor.js';
import type { Operation } from './context.js';

/** like-post and `/api-like`: `POST voyagerSocialDashReactions?threadUrn=<post urn>` (201 or 200). */
export const agentLikePost: Operation<'agent_like_post'> = async (input, ctx) => {
  const actor = await companyActorUrn(input, ctx);
  await ctx.fetch(entryOf(ctx.map, 'reactions'), {
    method: 'POST',
    query: [
      ['threadUrn', input.social_urn],
      // Acting as a page: the organization's actor (unverified parameter name; see network map).
      ['actorCompanyUrn', actor ?? undefined],
    ],
    body: { reactionType: input.reaction_type ?? 'LIKE' },
    signal: ctx.signal,
  });
  return { liked: true };
};
