/**
 * URNs found inside other strings: composite search URNs
 * (`urn:li:fsd_entityResultViewModel:(urn:li:fsd_profile:ACo…,SEARCH_SRP,DEFAULT)`), update URNs
 * (`urn:li:fs_updateV2:(urn:li:activity:1,…)`), URLs with an encoded URN
 * (`…?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACo…`). docs/network-internal-api.md, "URN kinds".
 */

function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The post URN (activity, ugcPost or share) a string carries, or null. */
export function postUrnIn(s: string | null | undefined): string | null {
  if (!s) return null;
  const m = /urn:li:(activity|ugcPost|share):(\d+)/.exec(decoded(s));
  return m ? `urn:li:${m[1]}:${m[2]}` : null;
}

/** The profile a string names, as `urn:li:fsd_profile:<id>`; mini profiles share the id. */
export function profileUrnIn(s: string | null | undefined): string | null {
  if (!s) return null;
  const m = /urn:li:(?:fsd_profile|fs_miniProfile|fs_profile|fs_profileView):([A-Za-z0-9_-]+)/.exec(
    decoded(s),
  );
  return m ? `urn:li:fsd_profile:${m[1]}` : null;
}

/** The numeric id of a company URN of any kind (`fsd_company`, `fs_normalized_company`, `company`, `organization`). */
export function companyIdIn(s: string | null | undefined): string | null {
  if (!s) return null;
  return (
    /urn:li:(?:fsd_company|fs_normalized_company|fs_miniCompany|company|organization):(\d+)/.exec(
      decoded(s),
    )?.[1] ?? null
  );
}

/** A profile or company page URL (absolute, or relative to the site: `/in/<slug>`) -> its slug and kind. */
export function pageOfUrl(
  url: string | null | undefined,
): { slug: string; type: 'person' | 'company' } | null {
  if (!url) return null;
  const m = /(?:^|linkedin\.com)\/(in|company|school|showcase)\/([^/?#\s]+)/.exec(url);
  if (!m) return null;
  return { slug: decoded(m[2]!), type: m[1] === 'in' ? 'person' : 'company' };
}

const POSTS_LINK = /\/posts\/[^\s"?#]*?-(activity|ugcPost|share)-(\d{6,})(?:\D|$)/;
const UPDATE_LINK = /\/feed\/update\/urn:li:(activity|ugcPost|share):(\d{6,})/;

/**
 * The post URN a permalink names, or null when the string is none: `…/posts/<author>_<words>-activity-<id>-<x>`
 * or `…/feed/update/urn:li:activity:<id>`, absolute or relative, encoded or not (docs/network-internal-api.md,
 * "Server-driven screens").
 */
export function postUrnOfPermalink(link: string): string | null {
  const s = decoded(link);
  const m = POSTS_LINK.exec(s) ?? UPDATE_LINK.exec(s);
  return m ? `urn:li:${m[1]}:${m[2]}` : null;
}
