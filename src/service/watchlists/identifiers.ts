import { normalizeCompanySlug, normalizeProfileIdentifier } from '../../contract/urns.js';
import { MAX_IDENTIFIER, MAX_IDENTIFIER_INPUT } from '../../contract/network-tasks.js';
import { HttpError } from '../http/http-error.js';

/** A list member as stored in list_members. */
export interface ListMember {
  identifier: string;
  kind: 'profile_id' | 'member_id' | 'profile_slug' | 'company_slug';
}

/** How many bad entries an error message quotes before it summarises the rest. */
const QUOTED = 10;

function describe(entry: unknown): string {
  const text = typeof entry === 'string' ? `'${entry}'` : (JSON.stringify(entry) ?? String(entry));
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

function normaliseAll(
  entries: unknown[],
  what: string,
  one: (v: string) => ListMember | null,
): ListMember[] {
  const out = new Map<string, ListMember>();
  const bad: unknown[] = [];
  for (const entry of entries) {
    // As sent at most a URL's length, once normalised at most a slug's: a longer one is no identifier
    // (and would not fit the list_members index).
    const member =
      typeof entry === 'string' && entry.length <= MAX_IDENTIFIER_INPUT ? one(entry) : null;
    if (!member || member.identifier.length > MAX_IDENTIFIER) bad.push(entry);
    // Duplicates fold: the same profile by URL, slug or URN (same kind of id) is one member.
    else out.set(`${member.kind}:${member.identifier}`, member);
  }
  if (bad.length > 0) {
    const named = bad.slice(0, QUOTED).map(describe).join(', ');
    const more = bad.length > QUOTED ? ` and ${bad.length - QUOTED} more` : '';
    throw new HttpError(
      400,
      `Invalid ${what} identifier${bad.length > 1 ? 's' : ''}: ${named}${more}`,
    );
  }
  return [...out.values()];
}

/** Every profile form of the spec, in one array, normalised and folded; 400 naming the bad ones. */
export function normaliseProfiles(entries: unknown[]): ListMember[] {
  return normaliseAll(entries, 'profile', (v) => {
    const p = normalizeProfileIdentifier(v);
    return p ? { identifier: p.identifier, kind: p.kind } : null;
  });
}

/** Company page URLs or slugs -> slugs, folded; 400 naming the bad ones. */
export function normaliseCompanies(entries: unknown[]): ListMember[] {
  return normaliseAll(entries, 'company', (v) => {
    const slug = normalizeCompanySlug(v);
    return slug ? { identifier: slug, kind: 'company_slug' } : null;
  });
}
