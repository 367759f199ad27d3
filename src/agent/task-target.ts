import { TARGETS } from 'virtual:task-kinds';
import type { TaskType } from '../contract/task-types.js';

/**
 * What a task is about, in a few words for the popup: which profile, post, company or search.
 * Read from the task's input as the service sent it (docs/api.md names the fields), by what the
 * kind acts on (`target` in src/contract/task-kinds.ts).
 */
export function describeTarget(type: TaskType, input: Record<string, unknown>): string | null {
  const str = (k: string) =>
    typeof input[k] === 'string' && input[k] ? (input[k] as string).trim() : null;
  const text = ((): string | null => {
    switch (TARGETS[type]) {
      case 'profile': {
        // A profile fetch names its slug; the others its URN (a reply names only its thread).
        const urn = str('profile_urn');
        return str('profile_slug') ?? (urn ? profile(urn) : null);
      }
      case 'profiles': {
        const urns = Array.isArray(input.profile_urns)
          ? input.profile_urns.filter((u): u is string => typeof u === 'string')
          : [];
        return urns.length === 1
          ? profile(urns[0]!)
          : urns.length
            ? `${urns.length} profiles`
            : null;
      }
      case 'post': {
        const urn = str('social_urn');
        return urn ? `post ${/(\d+)\)?$/.exec(urn)?.[1] ?? urn}` : null;
      }
      case 'company':
        return str('company');
      case 'search': {
        const words = ['keywords', 'title', 'company', 'location']
          .map(str)
          .filter(Boolean)
          .join(' ');
        return words ? `“${words}”` : null;
      }
      case 'keyword': {
        const keyword = str('keyword');
        return keyword ? `“${keyword}”` : null;
      }
      case 'connections':
        return 'your connections';
      // The kind's name says it all ("Read inbox", "Read sent invitations"); a conversation's URN
      // is no word a member reads.
      case 'inbox':
      case 'conversation':
      case 'invitations':
        return null;
    }
  })();
  return text && text.length > 48 ? `${text.slice(0, 47)}…` : text;
}

/** A profile URN or URL as a reader recognises it: the slug, or the id after the URN's last colon. */
function profile(value: string): string {
  const slug = /linkedin\.com\/in\/([^/?#]+)/i.exec(value)?.[1];
  if (slug) return slug;
  const id = value.slice(value.lastIndexOf(':') + 1);
  return id.length > 14 ? `profile ${id.slice(0, 12)}…` : id;
}
