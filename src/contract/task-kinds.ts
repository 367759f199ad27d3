/**
 * One description per task kind: everything about a kind that is not its input and output schemas
 * (task-io.ts) and its network operation (src/network/operations/). The task types, the write and
 * refusable kinds, the default budgets, the `/network-agent/` routes with their reference and
 * answers, the MCP tools, the outreach checks, the task list's target and every wording of a kind
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

/**
 * The contact with a person a kind makes, checked before it is queued against the team's
 * do-not-contact list, and for an invitation or a message its contact window
 * (src/service/outreach/task-refusal.ts, docs/team-pool.md).
 */
export type Contact = 'invitation' | 'message' | 'like' | 'comment';

interface KindBase {
  runsAs: RunsAs;
  /** Others see it (paced like a person, held outside working hours); otherwise a read. */
  writes: boolean;
  /** A member may turn it off for their own account (the consent screen's boxes). */
  refusable: boolean;
  /** Per member, per rolling day and week; null: no limit in that window (docs/budgets.md). */
  budget: { per_day: number | null; per_week: number | null };
  target: TaskTargetKind;
  /** Its output names its target (a profile's or company's name): the task list shows that name. */
  namesTarget?: true;
  /** The input field holding the words it sends: quoted in its target, editable before approval. */
  text?: string;
  contact?: Contact;
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

/** Only the service queues it (a watchlist's collection): no route, no MCP tool. */
interface ServiceKind extends KindBase {
  endpoint: null;
}

interface RouteKind extends KindBase {
  /** The route `POST /network-agent/<endpoint>` that queues it (src/service/routes/network-tasks.ts). */
  endpoint: string;
  /** What it does, in the API reference and its MCP tool's description. */
  summary: string;
  /** The start of the `message` the caller reads once it is queued. */
  queued: string;
  /** A valid body, shown in the API reference. */
  example: Readonly<Record<string, unknown>>;
}

/** The MCP tool a routed kind is, when it is one (src/service/mcp/network-tools.ts). */
interface McpRead {
  tool: string;
}
interface McpWrite extends McpRead {
  /** It undoes something the member did (an MCP client may ask before calling it). */
  destructive: boolean;
  /** Calling it twice with the same body does no more than once. */
  idempotent: boolean;
}

interface RouteRead extends RouteKind {
  writes: false;
  mcp: McpRead | null;
}
interface RouteWrite extends RouteKind {
  writes: true;
  mcp: McpWrite | null;
}

export type TaskKind = ServiceKind | RouteRead | RouteWrite;
export type RoutedKind = RouteRead | RouteWrite;

/** Defaults a careful person would choose: sources and reasoning in docs/budgets.md. */
const READS = { per_day: 300, per_week: null };

const PROFILE_URN = 'urn:li:fsd_profile:ACoAAAdaLovelace';
const POST_URN = 'urn:li:activity:7250000000000000001';
const CONVERSATION_URN =
  'urn:li:msg_conversation:(urn:li:fsd_profile:ACoAAGraceHopper,2-ZjQ5YTk2ZTItOGQ1Zi00)';
const MEMBER = 'grace@acme.example';

export const TASK_KINDS = {
  agent_profile_fetch: {
    endpoint: 'fetch-profile',
    runsAs: 'any',
    writes: false,
    refusable: false,
    budget: { per_day: 80, per_week: null },
    target: 'profile',
    namesTarget: true,
    consent: 'reads',
    words: { one: 'Fetch profile', lead: 'Read profile', many: 'profile fetches' },
    summary: 'Fetch a profile by its slug or URL',
    queued: 'Profile fetch queued',
    example: { profile_slug: 'ada-lovelace' },
    mcp: { tool: 'fetch_profile' },
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
    summary: 'Fetch recent posts of one or more profiles',
    queued: 'Profiles posts fetch queued',
    example: { profile_urns: [PROFILE_URN], count: 20 },
    mcp: { tool: 'fetch_profiles_posts' },
  },
  agent_like_post: {
    endpoint: 'like-post',
    runsAs: 'oldest_admin',
    writes: true,
    refusable: true,
    budget: { per_day: 100, per_week: null },
    target: 'post',
    contact: 'like',
    consent: 'likes',
    words: { one: 'Like post', lead: 'Like', many: 'likes' },
    summary: 'Like (react to) a post as the team’s oldest admin',
    queued: 'Like queued',
    example: { social_urn: POST_URN, reaction_type: 'LIKE' },
    mcp: { tool: 'like_post', destructive: false, idempotent: true },
  },
  agent_comment_post: {
    endpoint: 'comment-post',
    runsAs: 'oldest_admin',
    writes: true,
    refusable: true,
    budget: { per_day: 30, per_week: null },
    target: 'post',
    text: 'comment_text',
    contact: 'comment',
    consent: 'comments',
    words: { one: 'Comment on post', lead: 'Comment on', many: 'comments' },
    summary: 'Comment on a post as the team’s oldest admin',
    queued: 'Comment queued',
    example: { social_urn: POST_URN, comment_text: 'Well put.' },
    mcp: { tool: 'comment_post', destructive: false, idempotent: false },
  },
  agent_connection_request: {
    endpoint: 'send-connection-request',
    runsAs: 'oldest_admin',
    writes: true,
    refusable: true,
    budget: { per_day: 25, per_week: 100 },
    target: 'profile',
    text: 'note',
    contact: 'invitation',
    consent: 'connection_requests',
    words: {
      one: 'Connection request',
      lead: 'Connection request to',
      many: 'connection requests',
    },
    summary: 'Send a connection request, with an optional note, as the team’s oldest admin',
    queued: 'Connection request queued',
    example: { profile_urn: PROFILE_URN, note: 'We met at the analytical engine meetup.' },
    mcp: { tool: 'send_connection_request', destructive: false, idempotent: false },
  },
  agent_company_fetch: {
    endpoint: 'fetch-company',
    runsAs: 'any',
    writes: false,
    refusable: false,
    budget: READS,
    target: 'company',
    namesTarget: true,
    consent: 'reads',
    words: { one: 'Fetch company', lead: 'Read company', many: 'company fetches' },
    summary: 'Fetch a company page by its slug or URL',
    queued: 'Company fetch queued',
    example: { company: 'acme-robotics' },
    mcp: { tool: 'fetch_company' },
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
    summary: 'Fetch recent posts of a company page',
    queued: 'Company posts fetch queued',
    example: { company: 'https://www.linkedin.com/company/acme-robotics/', count: 20 },
    mcp: { tool: 'fetch_company_posts' },
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
    summary: 'Search profiles by keywords, title, company or location',
    queued: 'Profile search queued',
    example: {
      keywords: 'robotics',
      title: 'engineer',
      network_degree: ['second'],
      start: 0,
      count: 10,
    },
    mcp: { tool: 'search_profiles' },
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
    summary: 'Fetch a member’s 1st-degree connections, newest first',
    queued: 'Connections fetch queued',
    example: { member_email: MEMBER, start: 0, count: 40, since: '2026-11-20T00:00:00Z' },
    mcp: { tool: 'fetch_connections' },
  },
  agent_send_message: {
    endpoint: 'send-message',
    runsAs: 'member',
    writes: true,
    refusable: true,
    budget: { per_day: 50, per_week: null },
    target: 'profile',
    text: 'message_text',
    contact: 'message',
    consent: 'messages',
    words: { one: 'Send message', lead: 'Message to', many: 'messages' },
    summary: 'Send a direct message to a 1st-degree connection, or reply in a conversation',
    queued: 'Message queued',
    example: { profile_urn: PROFILE_URN, message_text: 'Hello Ada!' },
    mcp: { tool: 'send_message', destructive: false, idempotent: false },
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
    summary: 'Fetch a member’s inbox: conversations, newest activity first',
    queued: 'Conversations fetch queued',
    example: { member_email: MEMBER, unread_only: true, count: 20 },
    mcp: { tool: 'read_inbox' },
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
    summary: 'Fetch the messages of one conversation, newest first',
    queued: 'Conversation messages fetch queued',
    example: { conversation_urn: CONVERSATION_URN, count: 20 },
    mcp: { tool: 'read_conversation' },
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
    summary: 'Mark one conversation of a member’s inbox as read',
    queued: 'Mark read queued',
    example: { conversation_urn: CONVERSATION_URN },
    // Not among the tools docs/mcp.md lists.
    mcp: null,
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
    summary: 'Fetch the connection requests a member sent that still wait',
    queued: 'Sent invitations fetch queued',
    example: { count: 100 },
    mcp: { tool: 'list_sent_invitations' },
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
    summary: 'Withdraw a member’s pending connection request to one person',
    queued: 'Withdrawal queued',
    example: { member_email: MEMBER, profile_urn: PROFILE_URN },
    mcp: { tool: 'withdraw_invitation', destructive: true, idempotent: true },
  },
} as const satisfies Record<string, TaskKind>;

export type TaskType = keyof typeof TASK_KINDS;

/** Every task type of the agent protocol (docs/agent-protocol.md, "Task types"), in one order. */
export const TASK_TYPES = Object.keys(TASK_KINDS) as [TaskType, ...TaskType[]];

/** A kind's description as the common shape, to read a field only some kinds have. */
export const taskKind = (type: TaskType): TaskKind => TASK_KINDS[type];

const kindsWhere = (test: (k: TaskKind) => boolean): readonly TaskType[] =>
  TASK_TYPES.filter((t) => test(TASK_KINDS[t]));

/** What others see the member do: paced like a person, held outside working hours. */
export const WRITE_TYPES = kindsWhere((k) => k.writes);

/** The kinds a member may turn off for their own account. */
export const REFUSABLE_TYPES = kindsWhere((k) => k.refusable);

/** The kinds that act on a post: the task list and approvals show the collected post they name. */
export const POST_TYPES = kindsWhere((k) => k.target === 'post');

/** The kinds whose output names what they read (`namesTarget`). */
export const NAMING_TYPES = kindsWhere((k) => k.namesTarget === true);

/** "profile fetches" -> "Profile fetches": the plural as a heading or a box's label. */
export const manyWords = (type: TaskType, capital = false): string => {
  const many = TASK_KINDS[type]?.words.many ?? type;
  return capital ? many[0]!.toUpperCase() + many.slice(1) : many;
};
