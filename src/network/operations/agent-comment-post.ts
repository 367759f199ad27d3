import { callNetwork } from '../call.js';
import { checkActedAs, pageActorUrn } from '../steps/page-actor.js';
import type { Operation } from './context.js';

/**
 * comment-post and `/api-comment`: one comment, as the member or as a company page (the page goes
 * in the body, `nonMemberActorUrn`). The network truncates long comments itself (about 1,250
 * characters); we send the text as given.
 */
export const agentCommentPost: Operation<'agent_comment_post'> = async (input, ctx) => {
  const page = await pageActorUrn(ctx, input);
  const commentUrn = await callNetwork(
    ctx,
    'comment',
    { thread_urn: input.social_urn, text: input.comment_text, actor_urn: page },
    (answer) => {
      if (page) checkActedAs(answer, page);
      // The created comment's URN is a nicety: its absence does not undo the comment.
      const created = answer.fields.one(answer.root);
      return created ? answer.fields.str(created, 'written', 'comment_urn') : null;
    },
  );
  return { commented: true, comment_urn: commentUrn };
};
