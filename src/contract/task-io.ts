import { z } from './zod.js';
import * as body from './network-tasks.js';
import * as out from './task-outputs.js';
import * as rel from './relationship-tasks.js';
import { type RoutedKind, type RunsAs, TASK_KINDS, TASK_TYPES } from './task-kinds.js';
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

const KeywordTrackingInput = withType('agent_keyword_tracking', {
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

const CompanyTrackingInput = withType('agent_company_tracking', {
  watchlist_id: z.string(),
  company: z.string().check(z.minLength(1)),
  count: z._default(z.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});

const Whole = z.number().check(z.int());

/**
 * `{type: shape}` -> `{type: withType(type, shape)}`: each task type written once, which the
 * worker's bundle (scripts/bundle-size.mjs) feels, one line saved per type.
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

type Routed = {
  [K in TaskType]: (typeof TASK_KINDS)[K]['endpoint'] extends string ? K : never;
}[TaskType];
/** The name of a `/network-agent/` route that queues a task: `endpoint` in task-kinds.ts. */
export type NetworkEndpoint = NonNullable<(typeof TASK_KINDS)[Routed]['endpoint']>;

/** The body each kind with a route takes. */
const BODIES = {
  agent_profile_fetch: body.FetchProfileBody,
  agent_profiles_tracking: body.FetchProfilesPostsBody,
  agent_like_post: body.LikePostBody,
  agent_comment_post: body.CommentPostBody,
  agent_connection_request: body.SendConnectionRequestBody,
  agent_company_fetch: body.FetchCompanyBody,
  agent_company_posts_fetch: body.FetchCompanyPostsBody,
  agent_profiles_search: body.SearchProfilesBody,
  agent_connections_fetch: body.FetchConnectionsBody,
  agent_send_message: body.SendMessageBody,
  agent_conversations_fetch: rel.FetchConversationsBody,
  agent_conversation_messages_fetch: rel.FetchConversationMessagesBody,
  agent_conversation_mark_read: rel.MarkConversationReadBody,
  agent_sent_invitations_fetch: rel.FetchSentInvitationsBody,
  agent_invitation_withdraw: rel.WithdrawConnectionRequestBody,
} satisfies Record<Routed, z.ZodMiniType>;

interface NetworkTask {
  body: z.ZodMiniType;
  type: Routed;
  runsAs: RunsAs;
  /** Its description (task-kinds.ts): summary, answer, example, MCP tool. */
  kind: RoutedKind;
}

/**
 * The public endpoints that create tasks, in the order of the kinds: each one's body schema, task
 * type, who runs it (`runsAs` in task-kinds.ts) and the rest of its description.
 */
export const NETWORK_ENDPOINTS = Object.fromEntries(
  TASK_TYPES.filter((t): t is Routed => TASK_KINDS[t].endpoint !== null).map(
    (type): [string, NetworkTask] => {
      const kind: RoutedKind = TASK_KINDS[type];
      return [kind.endpoint, { body: BODIES[type], type, runsAs: kind.runsAs, kind }];
    },
  ),
) as Record<NetworkEndpoint, NetworkTask>;
