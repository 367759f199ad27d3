import { z } from './zod.js';
import * as body from './network-tasks.js';
import * as out from './task-outputs.js';
import * as rel from './relationship-tasks.js';
import type { TaskType } from './task-types.js';

/**
 * Task inputs as the agent receives them: the normalised public request plus `task_type`; watchlist
 * collection tasks also carry `watchlist_id`. One entry per task type, used by the service to
 * validate `complete` and by the extension's operation table.
 */

/** The most known post URNs a keyword task carries. */
export const KNOWN_POSTS_MAX = 50;

const withType = <T extends z.core.$ZodLooseShape, K extends TaskType>(type: K, shape: T) =>
  z.object({ task_type: z.literal(type), watchlist_id: z.optional(z.string()), ...shape });

export const KeywordTrackingInput = withType('agent_keyword_tracking', {
  watchlist_id: z.string(),
  keyword: z.string().check(z.minLength(1)),
  required_keywords: z._default(z.array(z.string()), []),
  excluded_keywords: z._default(z.array(z.string()), []),
  count: z._default(z.number().check(z.int(), z.gte(1), z.lte(49)), 20),
  /**
   * What the watchlist already holds for this keyword, so a cycle reads only what is new: its newest
   * posts' URNs (newest first, at most KNOWN_POSTS_MAX), whose ids also date them. Paging stops where
   * it meets one, and the search's date window starts from the newest. Optional: a first cycle knows
   * nothing, and inputs queued before it still validate. Kinds only: the service writes it.
   */
  known_post_urns: z.optional(z.array(z.string())),
});

export const CompanyTrackingInput = withType('agent_company_tracking', {
  watchlist_id: z.string(),
  company: z.string().check(z.minLength(1)),
  count: z._default(z.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});

const Whole = z.number().check(z.int());

/**
 * `{type: shape}` -> `{type: withType(type, shape)}`: each task type written once, which the
 * worker's bundle (scripts/bundle-size.mjs) feels at sixteen types and more.
 */
function typedInputs<S extends { [K in TaskType]?: z.core.$ZodLooseShape }>(shapes: S) {
  const schemas: Record<string, unknown> = {};
  for (const type in shapes) schemas[type] = withType(type as TaskType, shapes[type]!);
  return schemas as {
    [K in keyof S & TaskType]: ReturnType<typeof withType<NonNullable<S[K]>, K>>;
  };
}

export const TASK_INPUTS = {
  ...typedInputs({
    agent_profile_fetch: { profile_slug: z.string() },
    agent_profiles_tracking: {
      profile_urns: z.array(z.string()).check(z.minLength(1)),
      count: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
    },
    agent_like_post: {
      social_urn: z.string(),
      reaction_type: body.LikePostBody.shape.reaction_type,
      // `/api-like` with actor_type company: the page to act as.
      actor_type: z.optional(z.enum(['user', 'company'])),
      company_title: z.optional(z.string()),
    },
    agent_comment_post: {
      social_urn: z.string(),
      comment_text: z.string(),
      actor_type: z.optional(z.enum(['user', 'company'])),
      company_title: z.optional(z.string()),
    },
    agent_connection_request: {
      profile_urn: z.string(),
      note: z.optional(z.string().check(z.maxLength(300))),
    },
    agent_company_fetch: { company: z.string() },
    agent_company_posts_fetch: { company: z.string(), count: Whole },
    agent_profiles_search: {
      keywords: z.optional(z.string()),
      title: z.optional(z.string()),
      company: z.optional(z.string()),
      location: z.optional(z.string()),
      network_degree: z.optional(z.array(z.enum(body.NETWORK_DEGREES))),
      start: Whole,
      count: Whole,
    },
    agent_connections_fetch: {
      start: Whole,
      count: Whole,
      /** Newest first; stop at the first connection made at or before this time. */
      since: z.optional(z.string()),
    },
    /**
     * One of `profile_urn` (a first-degree connection) and `conversation_urn` (a reply in that
     * thread): the public body (SendMessageBody) refuses both or neither; not checked again here,
     * where every byte counts in the worker's bundle.
     */
    agent_send_message: {
      profile_urn: z.optional(z.string()),
      conversation_urn: z.optional(z.string()),
      message_text: z.string(),
    },
    // Counts are bounded and defaulted by the public bodies (relationship-tasks.ts) and
    // by the service's own sync; here only their kind, to keep the worker's bundle small.
    agent_conversations_fetch: { unread_only: z.boolean(), count: Whole },
    agent_conversation_messages_fetch: { conversation_urn: z.string(), count: Whole },
    agent_conversation_mark_read: { conversation_urn: z.string() },
    agent_sent_invitations_fetch: { count: Whole },
    agent_invitation_withdraw: { profile_urn: z.string() },
  }),
  agent_keyword_tracking: KeywordTrackingInput,
  agent_company_tracking: CompanyTrackingInput,
} satisfies Record<TaskType, z.ZodMiniType>;

export type TaskInput<K extends TaskType = TaskType> = z.infer<(typeof TASK_INPUTS)[K]>;

export const TASK_OUTPUTS = {
  agent_profile_fetch: out.ProfileOutput,
  agent_profiles_tracking: out.PostsOutput,
  agent_like_post: out.LikeOutput,
  agent_comment_post: out.CommentOutput,
  agent_connection_request: out.ConnectionRequestOutput,
  agent_company_fetch: out.CompanyOutput,
  agent_company_posts_fetch: out.PostsOutput,
  agent_profiles_search: out.SearchProfilesOutput,
  agent_connections_fetch: out.ConnectionsOutput,
  agent_send_message: out.SendMessageOutput,
  agent_keyword_tracking: out.PostsOutput,
  agent_company_tracking: out.PostsOutput,
  agent_conversations_fetch: out.ConversationsOutput,
  agent_conversation_messages_fetch: out.ConversationMessagesOutput,
  agent_conversation_mark_read: out.MarkReadOutput,
  agent_sent_invitations_fetch: out.SentInvitationsOutput,
  agent_invitation_withdraw: out.WithdrawOutput,
} satisfies Record<TaskType, z.ZodMiniType>;

export type TaskOutput<K extends TaskType = TaskType> = z.infer<(typeof TASK_OUTPUTS)[K]>;

/**
 * The public endpoints that create tasks, their body schema, task type and who runs them: `any`
 * member's browser, the team's `oldest_admin`, or the `member` the body's `member_email` names
 * (default: the oldest admin), for what reads or acts on one member's own inbox and network.
 */
export const NETWORK_ENDPOINTS = {
  'fetch-profile': { body: body.FetchProfileBody, type: 'agent_profile_fetch', runsAs: 'any' },
  'fetch-profiles-posts': {
    body: body.FetchProfilesPostsBody,
    type: 'agent_profiles_tracking',
    runsAs: 'any',
  },
  'like-post': { body: body.LikePostBody, type: 'agent_like_post', runsAs: 'oldest_admin' },
  'comment-post': {
    body: body.CommentPostBody,
    type: 'agent_comment_post',
    runsAs: 'oldest_admin',
  },
  'send-connection-request': {
    body: body.SendConnectionRequestBody,
    type: 'agent_connection_request',
    runsAs: 'oldest_admin',
  },
  'fetch-company': { body: body.FetchCompanyBody, type: 'agent_company_fetch', runsAs: 'any' },
  'fetch-company-posts': {
    body: body.FetchCompanyPostsBody,
    type: 'agent_company_posts_fetch',
    runsAs: 'any',
  },
  'search-profiles': {
    body: body.SearchProfilesBody,
    type: 'agent_profiles_search',
    runsAs: 'any',
  },
  'fetch-connections': {
    body: body.FetchConnectionsBody,
    type: 'agent_connections_fetch',
    runsAs: 'member',
  },
  'send-message': { body: body.SendMessageBody, type: 'agent_send_message', runsAs: 'member' },
  'fetch-conversations': {
    body: rel.FetchConversationsBody,
    type: 'agent_conversations_fetch',
    runsAs: 'member',
  },
  'fetch-conversation-messages': {
    body: rel.FetchConversationMessagesBody,
    type: 'agent_conversation_messages_fetch',
    runsAs: 'member',
  },
  'mark-conversation-read': {
    body: rel.MarkConversationReadBody,
    type: 'agent_conversation_mark_read',
    runsAs: 'member',
  },
  'fetch-sent-invitations': {
    body: rel.FetchSentInvitationsBody,
    type: 'agent_sent_invitations_fetch',
    runsAs: 'member',
  },
  'withdraw-connection-request': {
    body: rel.WithdrawConnectionRequestBody,
    type: 'agent_invitation_withdraw',
    runsAs: 'member',
  },
} as const satisfies Record<string, { body: z.ZodMiniType; type: TaskType; runsAs: RunsAs }>;
export type RunsAs = 'any' | 'oldest_admin' | 'member';
export type NetworkEndpoint = keyof typeof NETWORK_ENDPOINTS;
