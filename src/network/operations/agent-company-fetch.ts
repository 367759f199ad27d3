import { fetchCompany } from '../steps/company.js';
import type { Operation } from './context.js';

/** fetch-company: the company page's facts. */
export const agentCompanyFetch: Operation<'agent_company_fetch'> = (input, ctx) =>
  fetchCompany(ctx, input.company);
