import { z } from '../../contract/zod.js';
import type { OperationDoc } from './operation-doc.js';
import {
  CompanyWatchlistView,
  CreateCompanyWatchlistBody,
  CreateCompanyWatchlistResponse,
  CreateKeywordWatchlistBody,
  CreateKeywordWatchlistDirectResponse,
  CreateKeywordWatchlistPromptResponse,
  CreatePeopleWatchlistBody,
  CreatePeopleWatchlistResponse,
  KeywordWatchlistList,
  KeywordWatchlistView,
  PeopleWatchlistView,
  UpdateKeywordWatchlistBody,
  UpdateKeywordWatchlistResponse,
  WatchlistQuery,
  WatchlistSummaryList,
} from '../../contract/watchlists.js';

const unauthorized = { 401: { description: '`Unauthorized` (no key, or an invalid one)' } };
const notFound = { 404: { description: '`Watchlist not found or access denied` (unknown id, another type, another team)' } };
const planLimit = {
  403: { description: '`Plan limit reached: the <plan> plan allows …` (watchlists, keywords per watchlist, profiles or companies per watchlist)' },
};
const identifierForms =
  'Profiles, in any mix: a profile URL (with or without scheme, `www`, trailing slash), a bare slug, ' +
  '`urn:li:fs_profileView:<id>`, `urn:li:fsd_profile:<id>`, `urn:li:member:<id>`, or the bare id. Duplicates fold into one.';

export const watchlistOperations: OperationDoc[] = [
  {
    method: 'post',
    path: '/api-keyword-watchlist',
    operationId: 'createKeywordWatchlist',
    summary: 'Create a keyword watchlist from keywords (direct mode) or from a plain-English prompt (prompt mode)',
    description:
      'Send `keywords` or `prompt`, never both. Direct mode is idempotent by keyword set: when the team has a keyword ' +
      'watchlist with the same primary keywords (order-insensitive, lower-cased, trimmed), it is returned with 200 and ' +
      '`created: false` (its own frequency and labels; no plan slot used). Without `labels`, one label per keyword is ' +
      'derived. Prompt mode answers at once; keywords and intent labels appear a few seconds later (GET with `id`); ' +
      "URLs in the prompt are read for their page's title, description and Open Graph data.",
    tag: 'Watchlists',
    security: 'apiKey',
    body: CreateKeywordWatchlistBody,
    responses: {
      200: { description: 'Direct mode: an existing watchlist with the same keyword set', schema: CreateKeywordWatchlistDirectResponse },
      201: {
        description: 'Created (direct mode answer, or prompt mode answer with `prompt` and `message`)',
        schema: z.union([CreateKeywordWatchlistDirectResponse, CreateKeywordWatchlistPromptResponse]),
      },
      400: { description: '`Missing required parameter: keywords`, `Invalid fetchFreqInHours value`, both modes at once, …' },
      ...unauthorized,
      ...planLimit,
    },
  },
  {
    method: 'get',
    path: '/api-keyword-watchlist',
    operationId: 'getKeywordWatchlists',
    summary: "The team's keyword watchlists, or one with `id`",
    description: 'Without `id`: `{watchlists, count}`. With `id`: the watchlist itself.',
    tag: 'Watchlists',
    security: 'apiKey',
    query: WatchlistQuery,
    responses: {
      200: { description: 'The list, or one watchlist', schema: z.union([KeywordWatchlistList, KeywordWatchlistView]) },
      ...unauthorized,
      ...notFound,
    },
  },
  {
    method: 'patch',
    path: '/api-keyword-watchlist',
    operationId: 'updateKeywordWatchlist',
    summary: 'Update a keyword watchlist (patch mode), or regenerate it from a new prompt (prompt mode)',
    description:
      'Patch mode: only the fields sent change, and only their parts are answered. `keywords` replaces the whole set: ' +
      'keyword rows and pending keyword-tracking tasks are recreated, collected posts stay; without `labels` one label ' +
      'per keyword is derived. `disable: true` pauses tracking, `false` resumes it. `slack_webhook_url: null` clears it. ' +
      'Prompt mode (`id` and `prompt` only): keywords and labels are wiped and regenerated in the background.',
    tag: 'Watchlists',
    security: 'apiKey',
    body: UpdateKeywordWatchlistBody,
    responses: {
      200: { description: 'Updated', schema: UpdateKeywordWatchlistResponse },
      400: {
        description:
          '`Missing required parameter: id`, `No valid update fields provided`, `keywords array is required and must not be empty`, ' +
          '`No valid keywords provided after cleaning`, `Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)`, ' +
          '`disable must be a boolean value`, `Name cannot be empty`',
      },
      ...unauthorized,
      ...planLimit,
      ...notFound,
    },
  },
  {
    method: 'post',
    path: '/api-people-watchlist',
    operationId: 'createPeopleWatchlist',
    summary: 'Create a people watchlist; its tracking tasks are queued at once',
    description: `${identifierForms} \`list_id\` adds them to an existing people list of the team instead of a new one.`,
    tag: 'Watchlists',
    security: 'apiKey',
    body: CreatePeopleWatchlistBody,
    responses: {
      201: { description: 'Created', schema: CreatePeopleWatchlistResponse },
      400: { description: 'Missing profiles, or `Invalid profile identifiers: …` naming the bad entries' },
      ...unauthorized,
      ...planLimit,
      404: { description: '`List not found or access denied`' },
    },
  },
  {
    method: 'get',
    path: '/api-people-watchlist',
    operationId: 'getPeopleWatchlists',
    summary: "The team's people watchlists, or one with `id` (with `profiles_count` and `lists`)",
    tag: 'Watchlists',
    security: 'apiKey',
    query: WatchlistQuery,
    responses: {
      200: { description: '`{watchlists: [{id, name, slug, type, createdAt}], count}`, or one watchlist', schema: z.union([WatchlistSummaryList, PeopleWatchlistView]) },
      ...unauthorized,
      ...notFound,
    },
  },
  {
    method: 'post',
    path: '/api-company-watchlist',
    operationId: 'createCompanyWatchlist',
    summary: 'Create a company watchlist from company page URLs or slugs',
    description: 'Collection starts at the scheduler\'s next cycle. `list_id` adds the companies to an existing company list of the team.',
    tag: 'Watchlists',
    security: 'apiKey',
    body: CreateCompanyWatchlistBody,
    responses: {
      201: { description: 'Created', schema: CreateCompanyWatchlistResponse },
      400: { description: 'Missing companies, or `Invalid company identifiers: …` naming the bad entries' },
      ...unauthorized,
      ...planLimit,
      404: { description: '`List not found or access denied`' },
    },
  },
  {
    method: 'get',
    path: '/api-company-watchlist',
    operationId: 'getCompanyWatchlists',
    summary: "The team's company watchlists, or one with `id` (with `companies_count` and `lists`)",
    tag: 'Watchlists',
    security: 'apiKey',
    query: WatchlistQuery,
    responses: {
      200: { description: '`{watchlists: [{id, name, slug, type, createdAt}], count}`, or one watchlist', schema: z.union([WatchlistSummaryList, CompanyWatchlistView]) },
      ...unauthorized,
      ...notFound,
    },
  },
];
