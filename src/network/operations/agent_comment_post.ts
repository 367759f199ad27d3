import { entryOf } from '../network-map.js';
import { normalized } from '../normalized.js';
import { companyActorUrn } from '../parse/actor.js';
import type { Operation } from './context.js';

/**
 * comment-post and `/api-comment`: `POST voyagerSocialDashNormComments`. The network truncates long
 * comments itself (about 1,250 characters); we send the text as given.
 */
export const agentCommentPost: Operation<'agent_comment_post'> = async (input, ctx) => {
  const entry = entryOf(ctx.map, 'comments');
  const actor = await companyActorUrn(input, ctx);
  const { json } = await ctx.fetch(entry, {
    method: 'POST',
    query: [
      ['decorationId', entry.decoration_id],
      ['actorCompanyUrn', actor ?? undefined],
    ],
    body: {
      commentary: { text: input.comment_text, attributesV2: [], $type: 'com.linkedin.voyager.dash.common.text.TextViewModel' },
      threadUrn: input.social_urn,
    },
    signal: ctx.signal,
  });
  // The created comment's URN is a nicety: its absence does not undo the comment.
  const data = normalized(json, 'comments').at('data');
  const commentUrn = data.str('entityUrn') ?? data.str('value', 'entityUrn') ?? data.str('urn');
  return { commented: true, comment_urn: commentUrn };
};
