import { normalizeCompanySlug } from '../../contract/urns.js';
import { NetworkError } from '../errors.js';
import type { OperationContext } from '../operations/context.js';
import { companyUrnOf, fetchCompany } from './company.js';

/**
 * Acting as a company page (`/api-like` and `/api-comment` with actor_type company): the page is
 * looked up by its title, read as the page's slug (a page URL or `acme-corp`; a name such as
 * "Acme Corp" becomes `acme-corp`), and the reaction or comment names the organization's actor URN.
 * Returns null when acting as the signed-in member.
 */
export async function companyActorUrn(
  input: { actor_type?: 'user' | 'company'; company_title?: string },
  ctx: OperationContext,
): Promise<string | null> {
  if (input.actor_type !== 'company') return null;
  const title = input.company_title?.trim();
  if (!title) throw new NetworkError('not_found', 'actor_type company needs company_title: the page to act as');
  const slug = normalizeCompanySlug(title) ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  const company = await fetchCompany(ctx.map, ctx.fetch, slug, ctx.signal);
  return companyUrnOf(company);
}
