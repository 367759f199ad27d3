import type { TaskType } from '../../contract/task-types.js';
import type { Operation } from './context.js';
import { agentCommentPost } from './agent-comment-post.js';
import { agentCompanyFetch } from './agent-company-fetch.js';
import { agentCompanyPostsFetch } from './agent-company-posts-fetch.js';
import { agentCompanyTracking } from './agent-company-tracking.js';
import { agentConnectionRequest } from './agent-connection-request.js';
import { agentConnectionsFetch } from './agent-connections-fetch.js';
import { agentConversationMarkRead } from './agent-conversation-mark-read.js';
import { agentConversationMessagesFetch } from './agent-conversation-messages-fetch.js';
import { agentConversationsFetch } from './agent-conversations-fetch.js';
import { agentInvitationWithdraw } from './agent-invitation-withdraw.js';
import { agentKeywordTracking } from './agent-keyword-tracking.js';
import { agentLikePost } from './agent-like-post.js';
import { agentProfileFetch } from './agent-profile-fetch.js';
import { agentProfilesSearch } from './agent-profiles-search.js';
import { agentProfilesTracking } from './agent-profiles-tracking.js';
import { agentSendMessage } from './agent-send-message.js';
import { agentSentInvitationsFetch } from './agent-sent-invitations-fetch.js';

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
