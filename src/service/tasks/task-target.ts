import type { TaskTarget } from '../../contract/task-list.js';
import type { TaskType } from '../../contract/task-types.js';

/** What the task list knows of a task besides its input, from the rows it joins (list-recent.ts). */
export interface TargetFacts {
  /** A completed profile or company fetch: the name it read. */
  output_name: string | null;
  /** The team's collected post the task's `social_urn` names, if it has one. */
  post_id: string | null;
  post_author: string | null;
  post_excerpt: string | null;
  post_url: string | null;
}

const NETWORK = 'https://www.linkedin.com';
/** Characters of a post or message quoted in a target. */
const EXCERPT = 60;

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : null;

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > EXCERPT ? `${flat.slice(0, EXCERPT).trimEnd()}…` : flat}”`;
}

/** `urn:li:fsd_profile:ACoAA…` and bare ids are not words: a profile known only so is "a profile". */
function profileTarget(ref: string | null, name: string | null): TaskTarget {
  const slug = ref && /^[a-z0-9][a-z0-9%_-]*$/i.test(ref) && !/^ACoA/.test(ref) ? ref : null;
  const id = ref ? (/(?:fsd_profile:|^)(ACoA[\w-]+)$/.exec(ref)?.[1] ?? null) : null;
  const path = slug ?? id;
  return {
    kind: 'profile',
    label: name ?? slug ?? 'a profile',
    url: path ? `${NETWORK}/in/${encodeURIComponent(path)}/` : null,
    post_id: null,
  };
}

/** A thread: its page on the network is `/messaging/thread/<thread id>/`. */
function conversationTarget(urn: string | null): TaskTarget {
  const thread = urn ? (/,([^,)]+)\)$/.exec(urn)?.[1] ?? null) : null;
  return {
    kind: 'conversation',
    label: 'a conversation',
    url: thread ? `${NETWORK}/messaging/thread/${encodeURIComponent(thread)}/` : null,
    post_id: null,
  };
}

function companyTarget(slug: string | null, name: string | null): TaskTarget {
  return {
    kind: 'company',
    label: name ?? slug ?? 'a company',
    url: slug ? `${NETWORK}/company/${encodeURIComponent(slug)}/` : null,
    post_id: null,
  };
}

/**
 * The target of a task in words (the dashboard never shows raw ids): the profile, post,
 * company, keyword, search or list of connections it acts on, from its input and what the list
 * joined. Pure; the input is the stored one (already normalised by the contract), read defensively.
 */
export function taskTarget(
  type: TaskType,
  input: Record<string, unknown>,
  facts: TargetFacts,
): TaskTarget {
  switch (type) {
    case 'agent_profile_fetch':
      return profileTarget(str(input.profile_slug), facts.output_name);
    case 'agent_connection_request':
    case 'agent_send_message': {
      const conversation = str(input.conversation_urn);
      const target = conversation
        ? conversationTarget(conversation)
        : profileTarget(str(input.profile_urn), null);
      const text = str(type === 'agent_send_message' ? input.message_text : input.note);
      return text ? { ...target, label: `${target.label}: ${quote(text)}` } : target;
    }
    case 'agent_profiles_tracking': {
      const n = Array.isArray(input.profile_urns) ? input.profile_urns.length : 0;
      return {
        kind: 'profiles',
        label: n === 1 ? '1 profile' : `${n} profiles`,
        url: null,
        post_id: null,
      };
    }
    case 'agent_like_post':
    case 'agent_comment_post': {
      const urn = str(input.social_urn);
      const url = facts.post_url ?? (urn ? `${NETWORK}/feed/update/${urn}/` : null);
      const about = facts.post_author ? `${facts.post_author}’s post` : 'a post';
      const label = facts.post_excerpt ? `${about} ${quote(facts.post_excerpt)}` : about;
      const comment = type === 'agent_comment_post' ? str(input.comment_text) : null;
      return {
        kind: 'post',
        label: comment ? `${label}, saying ${quote(comment)}` : label,
        url,
        post_id: facts.post_id,
      };
    }
    case 'agent_company_fetch':
    case 'agent_company_posts_fetch':
    case 'agent_company_tracking':
      return companyTarget(
        str(input.company),
        type === 'agent_company_fetch' ? facts.output_name : null,
      );
    case 'agent_keyword_tracking': {
      const keyword = str(input.keyword) ?? '';
      const required = Array.isArray(input.required_keywords)
        ? input.required_keywords.filter((k) => typeof k === 'string')
        : [];
      const excluded = Array.isArray(input.excluded_keywords)
        ? input.excluded_keywords.filter((k) => typeof k === 'string')
        : [];
      const rule = [...required.map((k) => ` + ${k}`), ...excluded.map((k) => ` − ${k}`)].join('');
      return { kind: 'keyword', label: `“${keyword}”${rule}`, url: null, post_id: null };
    }
    case 'agent_profiles_search': {
      const parts = (['keywords', 'title', 'company', 'location'] as const)
        .map((k) => str(input[k]))
        .filter((v): v is string => v !== null);
      return {
        kind: 'search',
        label: parts.length ? parts.join(', ') : 'profiles',
        url: null,
        post_id: null,
      };
    }
    case 'agent_connections_fetch': {
      const start = typeof input.start === 'number' ? input.start : 0;
      const count = typeof input.count === 'number' ? input.count : 0;
      return {
        kind: 'connections',
        label:
          start > 0 ? `connections ${start + 1}–${start + count}` : `up to ${count} connections`,
        url: null,
        post_id: null,
      };
    }
    case 'agent_conversations_fetch':
      return {
        kind: 'inbox',
        label: input.unread_only === true ? 'unread conversations' : 'the inbox',
        url: `${NETWORK}/messaging/`,
        post_id: null,
      };
    case 'agent_conversation_messages_fetch':
    case 'agent_conversation_mark_read':
      return conversationTarget(str(input.conversation_urn));
    case 'agent_sent_invitations_fetch':
      return {
        kind: 'invitations',
        label: 'sent invitations',
        url: `${NETWORK}/mynetwork/invitation-manager/sent/`,
        post_id: null,
      };
    case 'agent_invitation_withdraw':
      return profileTarget(str(input.profile_urn), null);
  }
}
