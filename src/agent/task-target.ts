import type { TaskType } from '../contract/task-types.js';

/**
 * What a task is about, in a few words for the popup: which profile, post, company or search.
 * Read from the task's input as the service sent it (docs/api.md names the fields).
 */
export function describeTarget(type: TaskType, input: Record<string, unknown>): string | null {
  const str = (k: string) =>
    typeof input[k] === 'string' && input[k] ? (input[k] as string).trim() : null;
  const text = (() => {
    switch (type) {
      case 'agent_profile_fetch':
        return str('profile_slug');
      case 'agent_profiles_tracking': {
        const urns = Array.isArray(input.profile_urns)
          ? input.profile_urns.filter((u): u is string => typeof u === 'string')
          : [];
        return urns.length === 1
          ? profile(urns[0]!)
          : urns.length
            ? `${urns.length} profiles`
            : null;
      }
      case 'agent_like_post':
      case 'agent_comment_post': {
        const urn = str('social_urn');
        return urn ? `post ${/(\d+)\)?$/.exec(urn)?.[1] ?? urn}` : null;
      }
      case 'agent_connection_request':
      case 'agent_send_message':
      case 'agent_invitation_withdraw': {
        const urn = str('profile_urn');
        return urn ? profile(urn) : null;
      }
      case 'agent_company_fetch':
      case 'agent_company_posts_fetch':
      case 'agent_company_tracking':
        return str('company');
      case 'agent_profiles_search': {
        const words = ['keywords', 'title', 'company', 'location']
          .map(str)
          .filter(Boolean)
          .join(' ');
        return words ? `“${words}”` : null;
      }
      case 'agent_keyword_tracking': {
        const keyword = str('keyword');
        return keyword ? `“${keyword}”` : null;
      }
      case 'agent_connections_fetch':
        return 'your connections';
      default:
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
