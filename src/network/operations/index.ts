import type { TaskType } from '../../contract/task-types.js';
import type { Operation } from './context.js';
import { agentCommentPost } from './agent_comment_post.js';
import { agentCompanyFetch } from './agent_company_fetch.js';
import { agentCompanyPostsFetch } from './agent_company_posts_fetch.js';
import { agentCompanyTracking } from './agent_company_tracking.js';
import { agentConnectionRequest } from './agent_connection_request.js';
import { agentConnectionsFetch } from './agent_connections_fetch.js';
import { agentKeywordTracking } from './agent_keyword_tracking.js';
import { agentLikePost } from './agent_like_post.js';
import { agentProfileFetch } from './agent_profile_fetch.js';
import { agentProfilesSearch } from './agent_profiles_search.js';
import { agentProfilesTracking } from './agent_profiles_tracking.js';
import { agentSendMessage } from './agent_send_message.js';

/**
 * Task types of the contract this extension does not perform yet (issue 21's network side, branch
 * follow-net): absent from the table, so a task of one fails at once with `network_changed`
 * ("Unknown task type", run-task.ts) without a byte of the content script's budget. Each leaves
 * this union when its operation file joins the table.
 */
export type NotPerformedYet =
  | 'agent_conversations_fetch'
  | 'agent_conversation_messages_fetch'
  | 'agent_conversation_mark_read'
  | 'agent_sent_invitations_fetch'
  | 'agent_invitation_withdraw';

/** The one table: task type -> the operation that performs it in the network tab. */
export const OPERATIONS: { [K in Exclude<TaskType, NotPerformedYet>]: Operation<K> } = {
  agent_profile_fetch: agentProfileFetch,
  agent_profiles_tracking: agentProfilesTracking,
  agent_like_post: agentLikePost,
  agent_comment_post: agentCommentPost,
  agent_connection_request: agentConnectionRequest,
  agent_company_fetch: agentCompanyFetch,
  agent_company_posts_fetch: agentCompanyPostsFetch,
  agent_profiles_search: agentProfilesSearch,
  agent_connections_fetch: agentConnectionsFetch,
  agent_send_message: agentSendMessage,
  agent_keyword_tracking: agentKeywordTracking,
  agent_company_tracking: agentCompanyTracking,
};

export type { Operation, OperationContext } from './context.js';
