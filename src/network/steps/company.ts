import type { CompanyOutput } from '../../contract/task-outputs.js';
import { callNetwork, type CallContext } from '../call.js';
import { notUnderstood, oneEntity } from '../read/answer.js';
import { lacking } from '../read/completeness.js';
import { unionVectorImageUrl, vectorImageUrl } from '../read/images.js';
import type { JsonNode } from '../normalized.js';
import { companyIdIn } from '../read/urns.js';

/** A company page by its slug (docs/network-internal-api.md, "Company"). */
export function fetchCompany(ctx: CallContext, slug: string): Promise<CompanyOutput> {
  return callNetwork(ctx, 'company', { slug }, (answer) => {
    const { fields: f } = answer;
    const entity = oneEntity('company', answer, slug);
    const c = f.of(entity, 'company');
    const id = c
      .strings('urn')
      .map(companyIdIn)
      .find((x) => x !== null);
    if (!id) throw notUnderstood('company', answer, 'company URN with a numeric id (entityUrn)');
    // A company cannot do without its name (read/completeness.ts).
    const name = c.str('name');
    if (!f.completeness.result({ name: !!name }))
      throw lacking('company', answer.alt.id, f.completeness.mostlyMissing()!);
    const pageSlug = c.str('slug') ?? slug;
    const hq = c.object('headquarters');
    const logo = c.object('logo');
    return {
      company_urn: `urn:li:fsd_company:${id}`,
      name: name!,
      slug: pageSlug,
      company_url: c.str('url') ?? `https://www.linkedin.com/company/${pageSlug}/`,
      tagline: c.str('tagline'),
      description: c.str('description'),
      website: c.str('website'),
      industries: c
        .list('industries')
        .map((i) =>
          typeof i.value === 'string' ? i.value : (i.str('localizedName') ?? i.str('name')),
        )
        .filter((s): s is string => !!s),
      staff_count: c.num('staff_count'),
      staff_count_range: staffRange(c.object('staff_range')),
      headquarters: hq
        ? {
            city: hq.str('city'),
            country: hq.str('country'),
            geographic_area: hq.str('geographicArea'),
          }
        : null,
      specialities: (c.node('specialities')?.items() ?? [])
        .map((s) => (typeof s.value === 'string' ? s.value : null))
        .filter((s): s is string => !!s),
      founded_year: c.num('founded_year'),
      followers: c.num('followers'),
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
