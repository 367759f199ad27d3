import { normalizeCompanySlug } from '../../contract/urns.js';
import type { CallAnswer, CallContext } from '../call.js';
import { NetworkError } from '../errors.js';
import { fetchCompany } from './company.js';
import { companyIdIn, profileUrnIn } from '../read/urns.js';

/**
 * Acting as a company page (`/api-like` and `/api-comment` with actor_type company): the page is
 * looked up by its title, read as the page's slug (a page URL or `acme-corp`; a name such as
 * "Acme Corp" becomes `acme-corp`), and the reaction or comment carries its `urn:li:fsd_company:<id>`
 * in the body. Null when acting as the signed-in member.
 */
export async function pageActorUrn(
  ctx: CallContext,
  input: { actor_type?: 'user' | 'company'; company_title?: string },
): Promise<string | null> {
  if (input.actor_type !== 'company') return null;
  const title = input.company_title?.trim();
  if (!title)
    throw new NetworkError(
      'not_found',
      'actor_type company needs company_title: the page to act as',
    );
  const slug =
    normalizeCompanySlug(title) ??
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const company = await fetchCompany(ctx, slug);
  return company.company_urn;
}

/** The acting party a write's answer names: the reaction id `urn:li:fsd_reaction:(<actor>,…)`, or an actor URN. */
function actorIn(value: string): string | null {
  const inner = /^urn:li:[A-Za-z_]*[Rr]eaction:\((urn:li:[A-Za-z_]+:[^,)]+)/.exec(value)?.[1];
  const candidate = inner ?? value;
  return /^urn:li:(fsd_company|company|organization|fs_normalized_company|fsd_profile|member|fs_miniProfile):/.test(
    candidate,
  )
    ? candidate
    : null;
}

/**
 * When a write's answer says who acted, it must be the page we asked for. A network that ignored
 * the page would have acted as the member while we reported the page: we say so and fail loudly.
 */
export function checkActedAs(answer: CallAnswer, pageUrn: string): void {
  const said = [
    ...answer.fields.strings(answer.root, 'written', 'actor'),
    ...(answer.fields.one(answer.root)
      ? answer.fields.strings(answer.fields.one(answer.root)!, 'written', 'actor')
      : []),
    answer.headers['x-restli-id'] ?? '',
  ]
    .map(actorIn)
    .filter((a): a is string => a !== null);
  const pageId = companyIdIn(pageUrn);
  const other = said.find((actor) => companyIdIn(actor) !== pageId);
  if (other) {
    const who = profileUrnIn(other) ? 'the signed-in member' : other;
    throw new NetworkError(
      'network_changed',
      `The network acted as ${who} (${other}), not as the page ${pageUrn}: the way to act as a page has changed`,
      { retryable: false },
    );
  }
}
