import { normalizeCompanySlug, normalizeProfileIdentifier } from '../../contract/urns.js';
import { URN_NS } from '../../contract/constants.js';

/**
 * A person as the checks look them up: a profile URN, a slug, or both (the service learns the other
 * from a profile read). Keys are the do-not-contact list's own form (migration 028).
 */
export interface PersonRef {
  profileUrn?: string | null;
  profileSlug?: string | null;
  memberId?: string | null;
}

/** A profile URL, slug or URN as a person; null when it is none of them. */
export function personRefFrom(value: string): PersonRef | null {
  const id = normalizeProfileIdentifier(value);
  if (!id) return null;
  if (id.kind === 'profile_id') return { profileUrn: `urn:${URN_NS}:fsd_profile:${id.identifier}` };
  if (id.kind === 'member_id') return { memberId: id.identifier };
  return { profileSlug: id.identifier.toLowerCase() };
}

/** Every key the person is listed under, from what the reference says itself. */
function personKeys(p: PersonRef): string[] {
  const keys: string[] = [];
  if (p.profileUrn) keys.push(p.profileUrn);
  if (p.profileSlug) keys.push(`slug:${p.profileSlug.toLowerCase()}`);
  if (p.memberId) keys.push(`member:${p.memberId}`);
  return keys;
}

/** The one key a person is listed under: the URN when known, else the slug, else the number. */
export function personKey(p: PersonRef): string {
  return personKeys(p)[0] ?? '';
}

const COMPANY_ID_RE = /^(?:urn:[a-z]+:(?:fsd_)?company:)?(\d{1,20})$/;
const MAX_NAME = 200;

/** `Acme Robotics, Inc.` -> `acme-robotics-inc`: how a company's page slug is usually made. */
function slugOfName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

function nameKey(name: string): string | null {
  const n = name.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
  return n && n.length <= MAX_NAME ? `name:${n}` : null;
}

/**
 * A company as the list keeps it: a company URN or number (`id:`), a page URL or slug (`slug:`), or
 * else its name (`name:`, compared without case); null when empty or too long.
 */
export function companyKeyFrom(value: string): string | null {
  const v = value.trim();
  const id = COMPANY_ID_RE.exec(v);
  if (id) return `id:${id[1]}`;
  const slug = normalizeCompanySlug(v);
  if (slug && !/\s/.test(v)) return `slug:${slug}`;
  return nameKey(v);
}

/** A current company of a person, as a profile read shows it. */
interface CurrentCompany {
  name: string | null;
  companyUrn?: string | null;
}

/**
 * The keys a person's current companies match on the list: each company's number, its name and the
 * slug made from its name, and the slugs the team's company reads gave for its number.
 */
export function companyKeysOf(
  companies: readonly CurrentCompany[],
  slugsById: ReadonlyMap<string, string> = new Map(),
): string[] {
  const keys = new Set<string>();
  for (const c of companies) {
    const id = c.companyUrn ? COMPANY_ID_RE.exec(c.companyUrn)?.[1] : undefined;
    if (id) {
      keys.add(`id:${id}`);
      const slug = slugsById.get(id);
      if (slug) keys.add(`slug:${slug}`);
    }
    if (c.name) {
      const n = nameKey(c.name);
      if (n) keys.add(n);
      const s = slugOfName(c.name);
      if (s) keys.add(`slug:${s}`);
    }
  }
  return [...keys];
}

/** The number in a company URN, if it is one. */
export function companyIdOf(urn: string | null | undefined): string | null {
  return urn ? (COMPANY_ID_RE.exec(urn)?.[1] ?? null) : null;
}
