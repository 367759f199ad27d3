import {
  CompanyWatchlistList,
  CompanyWatchlistView,
  CreateCompanyWatchlistBody,
  CreateCompanyWatchlistResponse,
} from '../../contract/watchlists.js';
import { listWatchlistRoutes } from './list-watchlist-routes.js';

/** Company watchlists (spec "Company watchlists"); the creation answer mirrors the people one. */
export const companyWatchlistRoutes = listWatchlistRoutes({
  kind: 'company',
  path: '/api-company-watchlist',
  noun: 'companies',
  createBody: CreateCompanyWatchlistBody,
  createResponse: CreateCompanyWatchlistResponse,
  list: CompanyWatchlistList,
  view: CompanyWatchlistView,
  create: {
    summary: 'Create a company watchlist from company page URLs or slugs',
    description:
      "Collection starts at the scheduler's next cycle. `list_id` adds the companies to an existing company list of the team.",
    badEntries: 'Missing companies, or `Invalid company identifiers: …` naming the bad entries',
    example: {
      companies: ['https://www.linkedin.com/company/acme-robotics/', 'globex'],
      name: 'Competitors',
    },
  },
  entries: (b) => ({
    entries: b.companies,
    name: b.name,
    description: b.description,
    list_id: b.list_id,
  }),
  countField: 'companies_count',
});
