import { URN_NS } from './constants.js';

/**
 * Identifier normalisation shared by the service (validation) and the extension (operations).
 * The network's URNs: docs/network-internal-api.md; the accepted forms: service-spec "Profile identifiers".
 */

/** `decodeURIComponent`, or null for a malformed escape (`%E0%A4%A`): such a value is no identifier. */
function decodeEscapes(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

const PROFILE_URN_RE =
  /^urn:[a-z]+:(fsd_profile|fs_profileView|fs_miniProfile|member):([A-Za-z0-9_-]+)$/;
const ACTIVITY_URN_RE = /^urn:[a-z]+:(activity|ugcPost|share):(\d+)$/;

/** `ACoAA…` or `urn:li:fsd_profile:ACoAA…` -> `urn:li:fsd_profile:ACoAA…`; null when not a profile id. */
export function normalizeFsdProfileUrn(value: string): string | null {
  const v = value.trim();
  const m = PROFILE_URN_RE.exec(v);
  if (m) return m[1] === 'fsd_profile' ? `urn:${URN_NS}:fsd_profile:${m[2]}` : null;
  if (/^[A-Za-z0-9_-]{8,}$/.test(v)) return `urn:${URN_NS}:fsd_profile:${v}`;
  return null;
}

const CONVERSATION_URN_RE =
  /^urn:[a-z]+:msg_conversation:\(urn:[a-z]+:fsd_profile:[A-Za-z0-9_-]+,[A-Za-z0-9_=+/.-]+\)$/;

/**
 * A messaging thread: `urn:li:msg_conversation:(<mailbox fsd_profile urn>,<thread id>)`, as the
 * network writes it or URL-encoded (as it appears in its own requests); null otherwise.
 */
export function normalizeConversationUrn(value: string): string | null {
  let v = value.trim();
  if (/%28|%3A/i.test(v)) {
    const decoded = decodeEscapes(v);
    if (decoded === null) return null;
    v = decoded;
  }
  return CONVERSATION_URN_RE.test(v) ? v : null;
}

/** Activity, ugcPost or share URN, or a bare numeric activity id -> a post URN; null otherwise. */
export function normalizePostUrn(value: string): string | null {
  const v = value.trim();
  if (ACTIVITY_URN_RE.test(v)) return v;
  if (/^\d{6,}$/.test(v)) return `urn:${URN_NS}:activity:${v}`;
  return null;
}

/** Company page URL (`https://www.linkedin.com/company/acme/…`) or bare slug -> slug; null otherwise. */
export function normalizeCompanySlug(value: string): string | null {
  const v = value.trim();
  const url =
    /^(?:https?:\/\/)?(?:[a-z]{2,3}\.|www\.)?linkedin\.com\/(?:company|school|showcase)\/([^/?#]+)/i.exec(
      v,
    );
  const slug = url ? decodeEscapes(url[1]!) : v;
  return slug !== null && /^[A-Za-z0-9][A-Za-z0-9_.%-]*$/.test(slug) ? slug.toLowerCase() : null;
}

/** Profile URL (`linkedin.com/in/ada-lovelace/`) or bare slug -> public identifier; null otherwise. */
export function normalizeProfileSlug(value: string): string | null {
  const v = value.trim();
  const url = /^(?:https?:\/\/)?(?:[a-z]{2,3}\.|www\.)?linkedin\.com\/in\/([^/?#]+)/i.exec(v);
  const slug = url ? decodeEscapes(url[1]!) : v;
  return slug !== null && /^[A-Za-z0-9][A-Za-z0-9_-]*$/u.test(slug) ? slug : null;
}

/** A post's creation time is encoded in its numeric id (docs/network-internal-api.md: `BigInt(id) >> 22n`). */
export function postTimeFromUrn(urn: string): string | null {
  const id = /(\d{6,})$/.exec(urn)?.[1];
  if (!id) return null;
  const ms = Number(BigInt(id) >> 22n);
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : null;
}

/** A people-watchlist profile identifier, normalised: which kind of id it is, and the id itself. */
interface ProfileIdentifier {
  kind: 'profile_id' | 'member_id' | 'profile_slug';
  /** Profile ids keep their case (they are case-sensitive); slugs are lower-cased. */
  identifier: string;
}

const PROFILE_ID_RE = /^ACo[A-Za-z0-9_-]{6,}$/;
const PROFILE_SLUG_RE = /^[\p{L}\p{N}][\p{L}\p{N}_-]{0,99}$/u;

/**
 * Every form the spec accepts for a profile ("Profile identifiers accepted for people watchlists"):
 * a profile URL with or without scheme, `www` and trailing slash; a bare slug; a
 * `urn:li:fs_profileView:<id>`, `urn:li:fsd_profile:<id>` or `urn:li:member:<id>` URN; or the bare
 * id after the URN's last colon (`ACoAA…` profile ids, numeric member ids). Null when it is none.
 */
export function normalizeProfileIdentifier(value: string): ProfileIdentifier | null {
  const v = value.trim();
  const urn =
    /^urn:[a-z]+:(fs_profileView|fsd_profile|fs_miniProfile|member):([A-Za-z0-9_-]+)$/.exec(v);
  if (urn) {
    if (urn[1] === 'member')
      return /^\d+$/.test(urn[2]!) ? { kind: 'member_id', identifier: urn[2]! } : null;
    return { kind: 'profile_id', identifier: urn[2]! };
  }
  const url =
    /^(?:https?:\/\/)?(?:[a-z]{2,3}\.|www\.)?linkedin\.com\/in\/([^/?#\s]+)\/?(?:[?#].*)?$/i.exec(
      v,
    );
  const token = url ? decodeEscapes(url[1]!) : v;
  if (token === null) return null;
  if (PROFILE_ID_RE.test(token)) return { kind: 'profile_id', identifier: token };
  // Only a bare value can be a member number; `linkedin.com/in/12345` is a (numeric) slug.
  if (!url && /^\d+$/.test(token)) return { kind: 'member_id', identifier: token };
  if (PROFILE_SLUG_RE.test(token)) return { kind: 'profile_slug', identifier: token.toLowerCase() };
  return null;
}
