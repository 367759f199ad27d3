import { z } from './zod.js';
import { cappedCount, int32 } from './integers.js';

/** What `get-task-status` shows as `task_output`, per task type. Written by the extension's parsers. */

const nullableString = z.nullable(z.string());
const YearMonth = z.nullable(
  z.object({ year: int32(), month: z.nullable(int32({ min: 1, max: 12 })) }),
);

/**
 * A post's like, comment and share counts, capped: a post the network reports with an absurd count
 * is kept with this one, and the stored engagement (likes + 2 × comments + 3 × shares, an `int`)
 * never overflows. `null`: the answer did not give it (unknown, not zero).
 */
export const MAX_POST_COUNT = 100_000_000;
const PostCount = z.nullable(cappedCount(MAX_POST_COUNT));

export const Experience = z.object({
  title: nullableString,
  company_name: nullableString,
  company_urn: z.optional(nullableString),
  location: nullableString,
  description: nullableString,
  start: YearMonth,
  end: YearMonth,
});
export const Education = z.object({
  school_name: nullableString,
  degree: nullableString,
  field_of_study: nullableString,
  start: YearMonth,
  end: YearMonth,
});

/** Profile (spec: output of fetch-profile), with the URN fields the spec leaves unnamed. */
export const ProfileOutput = z.object({
  profile_urn: z.string(),
  member_urn: nullableString,
  public_identifier: z.string(),
  name: z.string(),
  headline: z.string(),
  location: z.string(),
  profile_url: z.string(),
  /** Null when the network no longer tells (since 2026 it gives no connections count). */
  connections: z.nullable(int32({ min: 0 })),
  followers: z.nullable(int32({ min: 0 })),
  about: z.string(),
  experience: z.array(Experience),
  education: z.array(Education),
  skills: z.array(z.string()),
  network_degree: z.nullable(z.enum(['first', 'second', 'third', 'out_of_network', 'self'])),
});
export type ProfileOutput = z.infer<typeof ProfileOutput>;

/** Post (spec: in the output of fetch-profiles-posts); wire names keep the brand, as the spec says. */
export const NetworkPost = z.object({
  linkedin_post_url: z.string(),
  linkedin_post_urn: z.string(),
  social_urn: z.string(),
  content: z.string(),
  post_author: z.object({
    author_slug: z.string(),
    author_type: z.string(),
    full_name: z.string(),
    headline: z.string(),
    image_url: nullableString,
  }),
  posted_at: z.string(),
  likes_count: PostCount,
  shares_count: PostCount,
  comments_count: PostCount,
  videos: z.nullable(z.array(z.string())),
  image_urls: z.nullable(z.array(z.string())),
});
export type NetworkPost = z.infer<typeof NetworkPost>;

export const PostsOutput = z.object({ posts: z.array(NetworkPost) });
export type PostsOutput = z.infer<typeof PostsOutput>;

export const LikeOutput = z.object({ liked: z.literal(true) });
export const CommentOutput = z.object({
  commented: z.literal(true),
  comment_urn: z.optional(nullableString),
});
export const ConnectionRequestOutput = z.object({
  sent: z.literal(true),
  invitation_urn: z.optional(nullableString),
});

export const CompanyOutput = z.object({
  company_urn: z.string(),
  name: z.string(),
  slug: z.string(),
  company_url: z.string(),
  tagline: nullableString,
  description: nullableString,
  website: nullableString,
  industries: z.array(z.string()),
  staff_count: z.nullable(int32()),
  staff_count_range: nullableString,
  headquarters: z.nullable(
    z.object({ city: nullableString, country: nullableString, geographic_area: nullableString }),
  ),
  specialities: z.array(z.string()),
  founded_year: z.nullable(int32()),
  followers: z.nullable(int32()),
  logo_url: nullableString,
});
export type CompanyOutput = z.infer<typeof CompanyOutput>;

export const ProfileSummary = z.object({
  profile_urn: z.string(),
  public_identifier: nullableString,
  full_name: z.string(),
  headline: nullableString,
  location: nullableString,
  profile_url: nullableString,
  image_url: nullableString,
  network_degree: z.nullable(z.enum(['first', 'second', 'third', 'out_of_network', 'self'])),
});

const Paging = {
  start: int32({ min: 0 }),
  count: int32({ min: 0 }),
  total: z.nullable(int32({ min: 0 })),
};

export const SearchProfilesOutput = z.object({ profiles: z.array(ProfileSummary), ...Paging });
export type SearchProfilesOutput = z.infer<typeof SearchProfilesOutput>;

export const Connection = z.extend(
  z.omit(ProfileSummary, { network_degree: true, location: true }),
  {
    connected_at: nullableString,
  },
);
export const ConnectionsOutput = z.object({ connections: z.array(Connection), ...Paging });
export type ConnectionsOutput = z.infer<typeof ConnectionsOutput>;

export const SendMessageOutput = z.object({
  sent: z.literal(true),
  conversation_urn: nullableString,
  delivered_at: nullableString,
});

/** A person in a conversation: the profile URN the network names them by, and how they are called. */
export const ConversationParticipant = z.object({
  profile_urn: z.string(),
  name: z.string(),
  profile_url: nullableString,
});
export type ConversationParticipant = z.infer<typeof ConversationParticipant>;

/** A message as the inbox shows it; `from_me`: sent by the member whose inbox it is. */
const ConversationLastMessage = z.object({
  text: z.string(),
  sender_urn: z.string(),
  from_me: z.boolean(),
  delivered_at: z.string(),
});

/**
 * One thread of the member's inbox. `participants` are the others (not the member);
 * `last_message` is null only for a thread whose messages the network no longer returns.
 */
export const Conversation = z.object({
  conversation_urn: z.string(),
  unread: z.boolean(),
  last_activity_at: z.string(),
  participants: z.array(ConversationParticipant),
  last_message: z.nullable(ConversationLastMessage),
});
export type Conversation = z.infer<typeof Conversation>;

/** agent_conversations_fetch: newest activity first. */
export const ConversationsOutput = z.object({ conversations: z.array(Conversation) });
export type ConversationsOutput = z.infer<typeof ConversationsOutput>;

export const ConversationMessage = z.extend(ConversationLastMessage, {
  sender_name: nullableString,
});
export type ConversationMessage = z.infer<typeof ConversationMessage>;

/** agent_conversation_messages_fetch: newest first. */
export const ConversationMessagesOutput = z.object({ messages: z.array(ConversationMessage) });
export type ConversationMessagesOutput = z.infer<typeof ConversationMessagesOutput>;

export const MarkReadOutput = z.object({ marked_read: z.literal(true) });

/**
 * One invitation the member sent that still waits. `sent_at` is null where the network's list does
 * not tell it (the invitation manager's screen shows only an age in words); `note` null without one.
 */
export const SentInvitation = z.object({
  invitation_urn: z.string(),
  profile_urn: z.string(),
  name: z.string(),
  profile_url: nullableString,
  sent_at: nullableString,
  note: nullableString,
});
export type SentInvitation = z.infer<typeof SentInvitation>;

/** agent_sent_invitations_fetch: the member's pending invitations, newest first. */
export const SentInvitationsOutput = z.object({ invitations: z.array(SentInvitation) });
export type SentInvitationsOutput = z.infer<typeof SentInvitationsOutput>;

export const WithdrawOutput = z.object({ withdrawn: z.literal(true) });
