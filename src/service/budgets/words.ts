import type { TaskType } from '../../contract/task-types.js';
import type { BudgetLimit } from '../../contract/budgets.js';

/** What a budget counts, in words a person reads in a waiting reason. */
export const TASK_WORDS: Record<TaskType, string> = {
  agent_connection_request: 'connection requests',
  agent_send_message: 'messages',
  agent_profile_fetch: 'profile fetches',
  agent_like_post: 'likes',
  agent_comment_post: 'comments',
  agent_profiles_search: 'profile searches',
  agent_keyword_tracking: 'keyword collections',
  agent_profiles_tracking: 'profile post collections',
  agent_company_tracking: 'company post collections',
  agent_company_posts_fetch: 'company post fetches',
  agent_company_fetch: 'company fetches',
  agent_connections_fetch: 'connection list fetches',
  agent_conversations_fetch: 'inbox reads',
  agent_conversation_messages_fetch: 'conversation reads',
  agent_conversation_mark_read: 'conversations marked read',
  agent_sent_invitations_fetch: 'sent invitation list reads',
  agent_invitation_withdraw: 'invitation withdrawals',
};

/** "2 a day", "100 a week", "25 a day and 100 a week" */
export function limitWords(limit: BudgetLimit): string {
  const parts = [
    limit.per_day !== null ? `${limit.per_day} a day` : null,
    limit.per_week !== null ? `${limit.per_week} a week` : null,
  ];
  return parts.filter(Boolean).join(' and ') || 'no limit';
}

/** "2026-11-24 09:12 UTC": unambiguous for everyone, whatever their zone. */
export function utcWords(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
