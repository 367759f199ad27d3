import type { TaskTarget } from './task-list.js';
import type { TaskKind } from './task-kinds.js';

/**
 * What a task acts on, in words a person reads: the one wording of the dashboard's task list, the
 * approvals and the popup. Read from what the kind acts on and the task's input; the service adds
 * what it joined (`TargetFacts`), the extension knows only the input. Free of zod and of the kinds'
 * table, so the extension's worker carries it (it passes the shape from `virtual:task-kinds`).
 */

/** What the service knows of a task besides its input, from the rows it joins (list-recent.ts). */
export interface TargetFacts {
  /** A completed task whose output names its target (`namesTarget`): that name. */
  output_name: string | null;
  /** The team's collected post the task's `social_urn` names, if it has one. */
  post_id: string | null;
  post_author: string | null;
  post_excerpt: string | null;
  post_url: string | null;
}

/** Nothing known besides the input: the extension's case. */
export const NO_FACTS: TargetFacts = {
  output_name: null,
  post_id: null,
  post_author: null,
  post_excerpt: null,
  post_url: null,
};

/** What the wording reads of a kind: what it acts on, and the input field of the words it sends. */
type TargetShape = Pick<TaskKind, 'target' | 'text'>;

const NETWORK = 'https://www.linkedin.com';
/** Characters of a post or message quoted in a target. */
const EXCERPT = 60;

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : null;

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [];

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > EXCERPT ? `${flat.slice(0, EXCERPT).trimEnd()}…` : flat}”`;
}

const target = (kind: TaskTarget['kind'], label: string, url: string | null = null) => ({
  kind,
  label,
  url,
  post_id: null,
});

/** `urn:li:fsd_profile:ACoAA…` and bare ids are not words: a profile known only so is "a profile". */
function profileTarget(ref: string | null, name: string | null): TaskTarget {
  const slug = ref && /^[a-z0-9][a-z0-9%_-]*$/i.test(ref) && !/^ACoA/.test(ref) ? ref : null;
  const id = ref ? (/(?:fsd_profile:|^)(ACoA[\w-]+)$/.exec(ref)?.[1] ?? null) : null;
  const path = slug ?? id;
  return target(
    'profile',
    name ?? slug ?? 'a profile',
    path ? `${NETWORK}/in/${encodeURIComponent(path)}/` : null,
  );
}

/** A thread: its page on the network is `/messaging/thread/<thread id>/`. */
function conversationTarget(urn: string | null): TaskTarget {
  const thread = urn ? (/,([^,)]+)\)$/.exec(urn)?.[1] ?? null) : null;
  return target(
    'conversation',
    'a conversation',
    thread ? `${NETWORK}/messaging/thread/${encodeURIComponent(thread)}/` : null,
  );
}

/**
 * The target of a task in words (never raw ids): the profile, post, company, keyword, search or
 * list it acts on, with the words it sends quoted. Pure; the input is the stored one (already
 * normalised by the contract), read defensively.
 */
export function taskTarget(
  shape: TargetShape,
  input: Record<string, unknown>,
  facts: TargetFacts = NO_FACTS,
): TaskTarget {
  const text = shape.text ? str(input[shape.text]) : null;
  switch (shape.target) {
    case 'profile': {
      // A reply names its thread, not a person.
      const conversation = str(input.conversation_urn);
      const about = conversation
        ? conversationTarget(conversation)
        : profileTarget(str(input.profile_slug) ?? str(input.profile_urn), facts.output_name);
      return text ? { ...about, label: `${about.label}: ${quote(text)}` } : about;
    }
    case 'profiles': {
      const n = Array.isArray(input.profile_urns) ? input.profile_urns.length : 0;
      return target('profiles', n === 1 ? '1 profile' : `${n} profiles`);
    }
    case 'post': {
      const urn = str(input.social_urn);
      const about = facts.post_author ? `${facts.post_author}’s post` : 'a post';
      const label = facts.post_excerpt ? `${about} ${quote(facts.post_excerpt)}` : about;
      return {
        kind: 'post',
        label: text ? `${label}, saying ${quote(text)}` : label,
        url: facts.post_url ?? (urn ? `${NETWORK}/feed/update/${urn}/` : null),
        post_id: facts.post_id,
      };
    }
    case 'company': {
      const slug = str(input.company);
      return target(
        'company',
        facts.output_name ?? slug ?? 'a company',
        slug ? `${NETWORK}/company/${encodeURIComponent(slug)}/` : null,
      );
    }
    case 'keyword': {
      const rule = [
        ...strings(input.required_keywords).map((k) => ` + ${k}`),
        ...strings(input.excluded_keywords).map((k) => ` − ${k}`),
      ].join('');
      return target('keyword', `“${str(input.keyword) ?? ''}”${rule}`);
    }
    case 'search': {
      const parts = (['keywords', 'title', 'company', 'location'] as const)
        .map((k) => str(input[k]))
        .filter((v): v is string => v !== null);
      return target('search', parts.length ? parts.join(', ') : 'profiles');
    }
    case 'connections': {
      const start = typeof input.start === 'number' ? input.start : 0;
      const count = typeof input.count === 'number' ? input.count : 0;
      return target(
        'connections',
        start > 0 ? `connections ${start + 1}–${start + count}` : `up to ${count} connections`,
      );
    }
    case 'inbox':
      return target(
        'inbox',
        input.unread_only === true ? 'unread conversations' : 'the inbox',
        `${NETWORK}/messaging/`,
      );
    case 'conversation':
      return conversationTarget(str(input.conversation_urn));
    case 'invitations':
      return target(
        'invitations',
        'sent invitations',
        `${NETWORK}/mynetwork/invitation-manager/sent/`,
      );
  }
}
