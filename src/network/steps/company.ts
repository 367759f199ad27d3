import type { CompanyOutput } from '../../contract/task-outputs.js';
import { callNetwork, type CallContext } from '../call.js';
import { notUnderstood, oneEntity } from '../read/answer.js';
import { unionVectorImageUrl, vectorImageUrl } from '../read/images.js';
import type { JsonNode } from '../normalized.js';
import { companyIdIn } from '../read/urns.js';

/** A company page by its slug (docs/network-internal-api.md, "Company"). */
export function fetchCompany(ctx: CallContext, slug: string): Promise<CompanyOutput> {
  return callNetwork(ctx, 'company', { slug }, (answer) => {
    const { fields: f } = answer;
    const c = oneEntity('company', answer, slug);
    const id = f.strings(c, 'company', 'urn').map(companyIdIn).find((x) => x !== null);
    if (!id) throw notUnderstood('company', answer, 'company URN with a numeric id (entityUrn)');
    const name = f.str(c, 'company', 'name');
    if (!name) throw notUnderstood('company', answer, 'name');
    const pageSlug = f.str(c, 'company', 'slug') ?? slug;
    const hq = f.object(c, 'company', 'headquarters');
    const logo = f.object(c, 'company', 'logo');
    return {
      company_urn: `urn:li:fsd_company:${id}`,
      name,
      slug: pageSlug,
      company_url: f.str(c, 'company', 'url') ?? `https://www.linkedin.com/company/${pageSlug}/`,
      tagline: f.str(c, 'company', 'tagline'),
      description: f.str(c, 'company', 'description'),
      website: f.str(c, 'company', 'website'),
      industries: f
        .list(c, 'company', 'industries')
        .map((i) => (typeof i.value === 'string' ? i.value : i.str('localizedName') ?? i.str('name')))
        .filter((s): s is string => !!s),
      staff_count: f.num(c, 'company', 'staff_count'),
      staff_count_range: staffRange(f.object(c, 'company', 'staff_range')),
      headquarters: hq ? { city: hq.str('city'), country: hq.str('country'), geographic_area: hq.str('geographicArea') } : null,
      specialities: (f.node(c, 'company', 'specialities')?.items() ?? []).map((s) => (typeof s.value === 'string' ? s.value : null)).filter((s): s is string => !!s),
      founded_year: f.num(c, 'company', 'founded_year'),
      followers: f.num(c, 'company', 'followers'),
      // The logo is a union keyed by the full type name (`com.linkedin.common.VectorImage`).
      logo_url: logo ? (unionVectorImageUrl(logo) ?? vectorImageUrl(logo)) : null,
    };
  });
}

function staffRange(range: JsonNode | null): string | null {
  const start = range?.num('start') ?? null;
  if (start === null) return null;
  const end = range!.num('end');
  return end === null ? `${start}+` : `${start}-${end}`;
}
