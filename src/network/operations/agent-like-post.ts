import { callNetwork } from '../call.js';
import { checkActedAs, pageActorUrn } from '../steps/page-actor.js';
import type { Operation } from './context.js';

/**
 * like-post and `/api-like`: one reaction. As the member: `like` (the REST reaction, 201). As a
 * company page: `like_as_page`, whose body names the page (`entity.actorUrn`); when the answer says
 * who reacted, it must be that page.
 */
export const agentLikePost: Operation<'agent_like_post'> = async (input, ctx) => {
  const reaction = { thread_urn: input.social_urn, reaction_type: input.reaction_type ?? 'LIKE' };
  const page = await pageActorUrn(ctx, input);
  if (page)
    await callNetwork(ctx, 'like_as_page', { ...reaction, actor_urn: page }, (answer) =>
      checkActedAs(answer, page),
    );
  else await callNetwork(ctx, 'like', reaction, () => undefined);
  return { liked: true };
};
