import type { NetworkPost } from '../../contract/task-outputs.js';
import { callNetwork } from '../call.js';
import type { CallVars } from '../map/template.js';
import type { OperationContext } from '../operations/context.js';
import { collectPages } from '../paging.js';
import { listItems } from '../read/answer.js';
import { postFromUpdate } from '../read/post.js';

/**
 * Up to `want` recent posts of a profile (`profile_posts`, by `profile_urn`) or of a company page
 * (`company_posts`, by `slug`), page by page as the network gives them.
 */
export async function collectPosts(
  ctx: OperationContext,
  call: 'profile_posts' | 'company_posts',
  vars: CallVars,
  want: number,
): Promise<NetworkPost[]> {
  const { items } = await collectPages<NetworkPost>({
    want,
    fetchPage: (page) =>
      callNetwork(
        ctx,
        call,
        { ...vars, start: page.start, count: page.count, pagination_token: page.token },
        (answer) => {
          const { items: posts, size } = listItems(call, answer, (node) =>
            postFromUpdate(node, answer.fields),
          );
          return {
            items: posts,
            size,
            total: answer.fields.total(answer.root),
            token: answer.fields.token(answer.root),
            by: answer.alt.paging?.by ?? 'start',
          };
        },
      ),
    key: (post) => post.social_urn,
    pause: ctx.pause,
  });
  return items;
}
