/**
 * Constants of the contract that carry no schema, so that code which must stay free of zod (the
 * content script, scripts/bundle-size.mjs checks it) can import them without pulling in
 * `./zod.js` and its side effect.
 */

/** Spec: "<ns> is a fixed namespace token". On the wire it is `li`. */
export const URN_NS = 'li';

/** Every task type of the agent protocol (docs/agent-protocol.md, "Task types"). */
export const TASK_TYPES = [
  'agent_profile_fetch',
  'agent_profiles_tracking',
  'agent_like_post',
  'agent_comment_post',
  'agent_connection_request',
  'agent_company_fetch',
  'agent_company_posts_fetch',
  'agent_profiles_search',
  'agent_connections_fetch',
  'agent_send_message',
  'agent_keyword_tracking',
  'agent_company_tracking',
  'agent_conversations_fetch',
  'agent_conversation_messages_fetch',
  'agent_conversation_mark_read',
  'agent_sent_invitations_fetch',
  'agent_invitation_withdraw',
] as const;

/** What others see the member do: paced like a person, held outside working hours. */
export const WRITE_TYPES: readonly (typeof TASK_TYPES)[number][] = [
  'agent_like_post',
  'agent_comment_post',
  'agent_connection_request',
  'agent_send_message',
  'agent_invitation_withdraw',
];

/** The pace the extension keeps when the service says none (budgets.ts, `Pacing`). */
export const DEFAULT_PACING = { write_min_s: 30, write_max_s: 90, read_min_s: 2, read_max_s: 6 };

/**
 * The network map format this build reads (network-map.ts). 3: alternatives may be server-driven
 * calls (`kind: 'sdui'`, `read.names`); a format-2 extension reads its maps with a strict schema and
 * could not take one, so the service hands each extension only maps of its own format
 * (src/service/tasks/agent-heartbeat.ts).
 */
export const NETWORK_MAP_FORMAT = 3;

/**
 * The kinds a member may turn off, as people say them (the popup's boxes, the dashboard's
 * members). Here, free of zod, because the dashboard's bundle carries no schema library.
 */
export const REFUSABLE_WORDS: Partial<Record<(typeof TASK_TYPES)[number], string>> = {
  agent_like_post: 'Likes',
  agent_comment_post: 'Comments',
  agent_connection_request: 'Connection requests',
  agent_send_message: 'Messages',
  agent_invitation_withdraw: 'Withdrawing connection requests',
};
