import type { TaskType } from '../../contract/task-types.js';
import type { Operation } from './context.js';
import { agentCommentPost } from './agent_comment_post.js';
import { agentCompanyFetch } from './agent_company_fetch.js';
import { agentCompanyPostsFetch } from './agent_company_posts_fetch.js';
import { agentCompanyTracking } from './agent_company_tracking.js';
import { agentConnectionRequest } from './agent_connection_request.js';
import { agentConnectionsFetch } from './agent_connections_fetch.js';
import { agentConversationMarkRead } from './agent_conversation_mark_read.js';
import { agentConversationMessagesFetch } from './agent_conversation_messages_fetch.js';
import { agentConversationsFetch } from './agent_conversations_fetch.js';
import { agentInvitationWithdraw } from './agent_invitation_withdraw.js';
import { agentKeywordTracking } from './agent_keyword_tracking.js';
import { agentLikePost } from './agent_like_post.js';
import { agentProfileFetch } from './agent_profile_fetch.js';
import { agentProfilesSearch } from './agent_profiles_search.js';
import { agentProfilesTracking } from './agent_profiles_tracking.js';
import { agentSendMessage } from './agent_send_message.js';
import { agentSentInvitationsFetch } from './agent_sent_invitations_fetch.js';

/** The one table: task type -> the operation that performs it in the network tab. */
export const OPERATIONS: { [K in TaskType]: Operation<K> } = {
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
  agent_conversations_fetch: agentConversationsFetch,
  agent_conversation_messages_fetch: agentConversationMessagesFetch,
  agent_conversation_mark_read: agentConversationMarkRead,
  agent_sent_invitations_fetch: agentSentInvitationsFetch,
  agent_invitation_withdraw: agentInvitationWithdraw,
};

export type { OperationContext } from './context.js';
