import type { CompanyOutput } from '../../contract/task-outputs.js';
import { companyUrnOf, fetchCompany } from '../parse/company.js';
import { unionVectorImageUrl } from '../parse/images.js';
import type { JsonNode } from '../normalized.js';
import type { Operation } from './context.js';

/** fetch-company: the company page's facts. */
export const agentCompanyFetch: Operation<'agent_company_fetch'> = async (input, ctx) => {
  const c = await fetchCompany(ctx.map, ctx.fetch, input.company, ctx.signal);
  const slug = c.requiredStr('universalName');
  const hq = c.at('headquarter');
  const output: CompanyOutput = {
    company_urn: companyUrnOf(c),
    name: c.requiredStr('name'),
    slug,
    company_url: c.str('url') ?? `https://www.linkedin.com/company/${slug}/`,
    tagline: c.str('tagline'),
    description: c.str('description'),
    website: c.str('companyPageUrl'),
    industries: c
      .at('companyIndustries')
      .items()
      .map((i) => i.str('localizedName'))
      .filter((s): s is string => !!s),
    staff_count: c.num('staffCount'),
    staff_count_range: staffRange(c.at('staffCountRange')),
    headquarters: hq.present
      ? { city: hq.str('city'), country: hq.str('country'), geographic_area: hq.str('geographicArea') }
      : null,
    specialities: c
      .at('specialities')
      .items()
      .map((s) => (typeof s.value === 'string' ? s.value : null))
      .filter((s): s is string => !!s),
    founded_year: c.num('foundedOn', 'year'),
    followers: c.num('followingInfo', 'followerCount'),
    // The logo is a union keyed by the full type name (`com.linkedin.common.VectorImage`).
    logo_url: unionVectorImageUrl(c.at('logo', 'image')),
  };
  return output;
};

function staffRange(range: JsonNode): string | null {
  const start = range.num('start');
  if (start === null) return null;
  const end = range.num('end');
  return end === null ? `${start}+` : `${start}-${end}`;
}

