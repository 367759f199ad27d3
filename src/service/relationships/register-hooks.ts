import { onTaskCompleted } from '../tasks/completion-hooks.js';
import {
  fileConnections,
  fileInvitationSent,
  fileInvitationWithdrawn,
  fileSentInvitations,
} from './invitations-filing.js';
import {
  fileConversationMessages,
  fileConversations,
  fileMarkedRead,
  fileMessageSent,
  messageSentIdle,
} from './inbox-filing.js';
import { fileMemberProfile } from './member-profile.js';

/**
 * What completing a task means for relationship tracking: invitations, connections, the inbox and
 * a member's own headline are filed from the outputs that show them, whoever queued the task (the
 * API, a sequence, the sync).
 */
let registered = false;
export function registerRelationshipHooks(): void {
  if (registered) return;
  registered = true;
  onTaskCompleted('agent_connection_request', fileInvitationSent);
  onTaskCompleted('agent_invitation_withdraw', fileInvitationWithdrawn);
  onTaskCompleted('agent_sent_invitations_fetch', fileSentInvitations);
  onTaskCompleted('agent_connections_fetch', fileConnections);
  onTaskCompleted('agent_conversations_fetch', fileConversations);
  onTaskCompleted('agent_conversation_messages_fetch', fileConversationMessages);
  onTaskCompleted('agent_conversation_mark_read', fileMarkedRead);
  onTaskCompleted('agent_send_message', fileMessageSent, messageSentIdle);
  onTaskCompleted('agent_profile_fetch', fileMemberProfile);
}
