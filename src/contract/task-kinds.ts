/**
 * One description per task kind: everything about a kind that is not its input and output schemas
 * (task-io.ts) and its network operation (src/network/operations/). The task types, the write and
 * refusable kinds, the default budgets, the `/network-agent/` routes and every wording of a kind
 * (popup, dashboard, the service's waiting reasons, the consent screen) derive from it; adding a
 * kind is one entry here plus what docs/adding-an-operation.md lists. Free of zod, so the dashboard
 * imports it without a schema library; the extension's worker reads it through
 * `virtual:task-kinds` (scripts/task-kinds-module.ts), which leaves the words out.
 *
 * One concept, several names, all fixed by the spec or the protocol: a connection request is the
 * task `agent_connection_request`, the route `send-connection-request`, the network's
 * `invitation` (its call and the rows of the sent list, `agent_sent_invitations_fetch`) and, to
 * members, a "connection request"; withdrawing one is `agent_invitation_withdraw` and the route
 * `withdraw-connection-request`. The words below say "connection request" to people.
 */

/** What a task acts on, as the task list shows it (`TaskTarget.kind`, task-list.ts). */
export const TASK_TARGET_KINDS = [
  'profile',
  'profiles',
  'post',
  'company',
  'keyword',
  'search',
  'connections',
  'inbox',
  'conversation',
  'invitations',
] as const;
export type TaskTargetKind = (typeof TASK_TARGET_KINDS)[number];

/**
 * Whose browser runs a task queued through its `/network-agent/` route: `any` member's, the team's
 * `oldest_admin`, or the `member` the body's `member_email` names (default: the oldest admin), for
 * what reads or acts on one member's own inbox and network.
 */
export type RunsAs = 'any' | 'oldest_admin' | 'member';

/**
 * The lines of the consent text that name what can run in a member's name
 * (src/service/consent/consent-text.ts holds their words: changing them asks every member again).
 */
export type ConsentLine =
  | 'reads'
  | 'own_reads'
  | 'likes'
  | 'comments'
  | 'messages'
  | 'withdrawals'
  | 'connection_requests';

interface TaskKind {
  /** The route `POST /network-agent/<endpoint>` that queues it; null: only the service queues it. */
  endpoint: string | null;
  runsAs: RunsAs;
  /** Others see it (paced like a person, held outside working hours); otherwise a read. */
  writes: boolean;
  /** A member may turn it off for their own account (the consent screen's boxes). */
  refusable: boolean;
  /** Per member, per rolling day and week; null: no limit in that window (docs/budgets.md). */
  budget: { per_day: number | null; per_week: number | null };
  target: TaskTargetKind;
  consent: ConsentLine;
  words: {
    /** One task, named: "Fetch profile · ada-lovelace" (the popup). */
    one: string;
    /** Said before the target: "Read profile ada-lovelace" (the dashboard's task list). */
    lead: string;
    /** Many, in lower case: a budget, a waiting reason, a kind turned off, an operation's health. */
    many: string;
  };
}

/** Defaults a careful person would choose: sources and reasoning in docs/budgets.md. */
const READS = { per_day: 300, per_week: null };

export const TASK_KINDS = {
  agent_profile_fetch: {
    endpoint: 'fetch-profile',
    runsAs: 'any',
    writes: false,
    refusable: false,
    budget: { per_day: 80, per_week: null },
    target: 'profile',
    consent: 'reads',
    words: { one: 'Fetch profile', lead: 'Read profile', many: 'profile fetches' },
  },
  agent_profiles_tracking: {
    endpoint: 'fetch-profiles-posts',
    runsAs: 'any',
    writes: false,
    refusable: false,
    budget: READS,
    target: 'profiles',
    consent: 'reads',
    words: {
      one: "Fetch profiles' posts",
      lead: 'Collect posts of',
      many: 'profile post collections',
    },
  },
  agent_like_post: {
    endpoint: 'like-post',
    runsAs: 'oldest_admin',
    writes: true,
    refusable: true,
    budget: { per_day: 100, per_week: null },
    target: 'post',
    consent: 'likes',
    words: { one: 'Like post', lead: 'Like', many: 'likes' },
  },
  agent_comment_post: {
    endpoint: 'comment-post',
    runsAs: 'oldest_admin',
    writes: true,
    refusable: true,
    budget: { per_day: 30, per_week: null },
    target: 'post',
    consent: 'comments',
    words: { one: 'Comment on post', lead: 'Comment on', many: 'comments' },
  },
  agent_connection_request: {
    endpoint: 'send-connection-request',
    runsAs: 'oldest_admin',
    writes: true,
    refusable: true,
    budget: { per_day: 25, per_week: 100 },
    target: 'profile',
    consent: 'connection_requests',
    words: {
      one: 'Connection request',
      lead: 'Connection request to',
      many: 'connection requests',
    },
  },
  agent_company_fetch: {
    endpoint: 'fetch-company',
    runsAs: 'any',
    writes: false,
    refusable: false,
    budget: READS,
    target: 'company',
    consent: 'reads',
    words: { one: 'Fetch company', lead: 'Read company', many: 'company fetches' },
  },
  agent_company_posts_fetch: {
    endpoint: 'fetch-company-posts',
    runsAs: 'any',
    writes: false,
    refusable: false,
    budget: READS,
    target: 'company',
    consent: 'reads',
    words: { one: 'Fetch company posts', lead: 'Read posts of', many: 'company post fetches' },
  },
  agent_profiles_search: {
    endpoint: 'search-profiles',
    runsAs: 'any',
    writes: false,
    refusable: false,
    budget: READS,
    target: 'search',
    consent: 'reads',
    words: { one: 'Search profiles', lead: 'Search profiles:', many: 'profile searches' },
  },
  agent_connections_fetch: {
    endpoint: 'fetch-connections',
    runsAs: 'member',
    writes: false,
    refusable: false,
    budget: READS,
    target: 'connections',
    consent: 'own_reads',
    words: { one: 'Fetch connections', lead: 'Read', many: 'connection list fetches' },
  },
  agent_send_message: {
    endpoint: 'send-message',
    runsAs: 'member',
    writes: true,
    refusable: true,
    budget: { per_day: 50, per_week: null },
    target: 'profile',
    consent: 'messages',
    words: { one: 'Send message', lead: 'Message to', many: 'messages' },
  },
  agent_keyword_tracking: {
    endpoint: null,
    runsAs: 'any',
    writes: false,
    refusable: false,
    budget: READS,
    target: 'keyword',
    consent: 'reads',
    words: { one: 'Keyword watchlist', lead: 'Collect keyword', many: 'keyword collections' },
  },
  agent_company_tracking: {
    endpoint: null,
    runsAs: 'any',
    writes: false,
    refusable: false,
    budget: READS,
    target: 'company',
    consent: 'reads',
    words: { one: 'Company watchlist', lead: 'Collect posts of', many: 'company post collections' },
  },
  agent_conversations_fetch: {
    endpoint: 'fetch-conversations',
    runsAs: 'member',
    writes: false,
    refusable: false,
    // The relationship sync reads an inbox every few hours; a person opens theirs far more often.
    budget: { per_day: 100, per_week: null },
    target: 'inbox',
    consent: 'own_reads',
    words: { one: 'Read inbox', lead: 'Read', many: 'inbox reads' },
  },
  agent_conversation_messages_fetch: {
    endpoint: 'fetch-conversation-messages',
    runsAs: 'member',
    writes: false,
    refusable: false,
    budget: { per_day: 200, per_week: null },
    target: 'conversation',
    consent: 'own_reads',
    words: {
      one: 'Read conversation',
      lead: 'Read the messages of',
      many: 'conversation reads',
    },
  },
  agent_conversation_mark_read: {
    endpoint: 'mark-conversation-read',
    runsAs: 'member',
    writes: false,
    refusable: false,
    budget: { per_day: 100, per_week: null },
    target: 'conversation',
    consent: 'messages',
    words: {
      one: 'Mark conversation read',
      lead: 'Mark read:',
      many: 'conversations marked read',
    },
  },
  agent_sent_invitations_fetch: {
    endpoint: 'fetch-sent-invitations',
    runsAs: 'member',
    writes: false,
    refusable: false,
    budget: { per_day: 20, per_week: null },
    target: 'invitations',
    consent: 'own_reads',
    words: { one: 'Read sent invitations', lead: 'Read', many: 'sent invitation list reads' },
  },
  agent_invitation_withdraw: {
    endpoint: 'withdraw-connection-request',
    runsAs: 'member',
    writes: true,
    refusable: true,
    // Stale invitations are withdrawn a few dozen a day at most (field practice, docs/budgets.md).
    budget: { per_day: 20, per_week: 80 },
    target: 'profile',
    consent: 'withdrawals',
    words: { one: 'Withdraw invitation', lead: 'Withdraw invitation to', many: 'withdrawals' },
  },
} as const satisfies Record<string, TaskKind>;

export type TaskType = keyof typeof TASK_KINDS;

/** Every task type of the agent protocol (docs/agent-protocol.md, "Task types"), in one order. */
export const TASK_TYPES = Object.keys(TASK_KINDS) as [TaskType, ...TaskType[]];

const kindsWhere = (test: (k: TaskKind) => boolean): readonly TaskType[] =>
  TASK_TYPES.filter((t) => test(TASK_KINDS[t]));

/** What others see the member do: paced like a person, held outside working hours. */
export const WRITE_TYPES = kindsWhere((k) => k.writes);

/** The kinds a member may turn off for their own account. */
export const REFUSABLE_TYPES = kindsWhere((k) => k.refusable);

/** "profile fetches" -> "Profile fetches": the plural as a heading or a box's label. */
export const manyWords = (type: TaskType, capital = false): string => {
  const many = TASK_KINDS[type]?.words.many ?? type;
  return capital ? many[0]!.toUpperCase() + many.slice(1) : many;
};
