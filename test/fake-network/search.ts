import { randomBytes } from 'node:crypto';
import { type Answer, apiError, json } from './answer.js';
import type { FakePost, FakeProfile } from './dataset.js';
import { authorIsPrivate } from './lookup.js';
import { LIMITS, newestFirst, paging, searchTotal } from './paging.js';
import type { Call } from './request.js';
import { parseRestli, type RestliParsed } from './restli.js';
import type { FakeSession } from './session.js';
import * as shapes from './shapes.js';
import { postTime, postUrn, SDUI_VOICE } from './voices.js';

/**
 * Search, whichever form asks (REST `search/dash/clusters` here, GraphQL in graphql.ts, the
 * server-driven pager in server-driven.ts): who and which posts match a query's keywords and
 * filters, and the REST form's answer.
 */
export interface SearchRequest {
  resultType: string;
  keywords: string;
  params: Map<string, string[]>;
  start: number;
  count: number;
}

export const asList = (v: RestliParsed | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)];
/** A numeric id from `1035`, `urn:li:fsd_company:1035`, `urn:li:geo:90009496`… */
const numericId = (v: string) => /(\d+)\)?$/.exec(v)?.[1];

export function peopleMatches(s: FakeSession, r: SearchRequest): FakeProfile[] {
  const degree: Record<string, string> = {
    DISTANCE_1: 'F',
    DISTANCE_2: 'S',
    DISTANCE_3: 'O',
    OUT_OF_NETWORK: 'O',
  };
  const words = r.keywords.toLowerCase().split(/\s+/).filter(Boolean);
  const network = r.params.get('network');
  const companies = r.params.get('currentCompany')?.map(numericId);
  const geos = r.params.get('geoUrn')?.map(numericId);
  // Other filter keys (title, company, …) are ignored silently: facts, "Newer evidence": "Free-text
  // title/company filter keys are unverified; a filter the network ignores silently returns
  // unfiltered results".
  return s.dataset.profiles.filter((p) => {
    if (p.distance === 'SELF' || p.private) return false;
    const text = `${p.firstName} ${p.lastName} ${p.headline} ${p.location} ${p.positions
      .filter((x) => !x.end)
      .map((x) => x.companyName)
      .join(' ')}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) return false;
    if (network?.length && !network.includes(degree[p.distance] ?? '')) return false;
    if (
      companies?.length &&
      !p.positions.some(
        (x) => !x.end && x.companyId !== undefined && companies.includes(String(x.companyId)),
      )
    )
      return false;
    if (geos?.length && !geos.includes(String(p.geoId))) return false;
    return true;
  });
}

export function contentMatches(s: FakeSession, r: SearchRequest): FakePost[] {
  const words = r.keywords.toLowerCase().split(/\s+/).filter(Boolean);
  const windows: Record<string, number> = {
    'past-24h': 24 * 3600_000,
    'past-week': 7 * 24 * 3600_000,
    'past-month': 30 * 24 * 3600_000,
  };
  const window = windows[r.params.get('datePosted')?.[0] ?? ''];
  const matches = s.dataset.posts.filter((p) => {
    if (authorIsPrivate(s.dataset, p)) return false;
    const text = p.text.toLowerCase();
    if (!words.every((w) => text.includes(w))) return false;
    if (window && postTime(p) < Date.now() - window) return false;
    return true;
  });
  // sortBy date_posted: newest first (facts, "keyword post search"); otherwise "relevance", which
  // we render as most-engaged first.
  if (r.params.get('sortBy')?.[0] === 'date_posted') return newestFirst(matches);
  return [...matches].sort((a, b) => b.likes + b.comments - (a.likes + a.comments));
}

/** `GET search/dash/clusters?q=all&query=(…)` (measured_2026 and sdui_2026 only). */
export function restSearch(s: FakeSession, c: Call): Answer {
  const { q } = c;
  const voice = s.voice;
  const dataset = s.dataset;
  if (
    !q
      .get('decorationId')
      ?.startsWith('com.linkedin.voyager.dash.deco.search.SearchClusterCollection-')
  )
    return apiError(400, undefined, 'bad decorationId');
  if (q.get('q') !== 'all') return apiError(400, undefined, 'bad finder');
  let query: RestliParsed;
  try {
    // The raw value: a tuple whose syntax arrives percent-encoded is a scalar string here, refused below.
    query = parseRestli(q.raw('query') ?? '');
  } catch (err) {
    return apiError(400, undefined, (err as Error).message);
  }
  if (
    typeof query !== 'object' ||
    Array.isArray(query) ||
    query.flagshipSearchIntent !== 'SEARCH_SRP'
  )
    return apiError(400, undefined, 'bad search query');
  const qp = query.queryParameters ?? {};
  if (typeof qp !== 'object' || Array.isArray(qp))
    return apiError(400, undefined, 'queryParameters must be a tuple (key:List(…),…)');
  const params = new Map<string, string[]>(Object.entries(qp).map(([k, v]) => [k, asList(v)]));
  const { start, count } = paging(q, LIMITS[voice].search);
  const r: SearchRequest = {
    resultType: params.get('resultType')?.[0] ?? '',
    keywords: typeof query.keywords === 'string' ? query.keywords : '',
    params,
    start,
    count,
  };
  if (r.resultType === 'PEOPLE') {
    const matches = peopleMatches(s, r);
    const items = matches
      .slice(start, start + count)
      .map((p) => ({ entityResult: shapes.personResult(p, voice) }));
    return json(
      shapes.restClustersAnswer(items, start, searchTotal(voice, matches.length), c.changed),
    );
  }
  if (r.resultType === 'CONTENT') {
    const matches = contentMatches(s, r);
    // sdui_2026 (facts, "Keyword post search", measured 2026-10): each result a SearchUpdateWrapper
    // with only a tracking id, a fresh opaque one per answer; no post URN anywhere.
    if (voice === SDUI_VOICE) {
      const items = matches
        .slice(start, start + count)
        .map(() => ({ wrapper: { trackingId: randomBytes(16).toString('base64') } }));
      return json(
        shapes.restClustersAnswer(items, start, searchTotal(voice, matches.length), c.changed),
      );
    }
    // Hollow (facts, "Newer evidence", measured 2026-10): even positions an entity holding only
    // entityUrn + trackingUrn, odd positions a bare *entityResult URN with nothing in included.
    const items = matches.slice(start, start + count).map((p, i) => {
      const urn = postUrn(p, dataset, voice);
      return {
        hollow: {
          entityUrn: `urn:li:fsd_entityResultViewModel:(${urn},SEARCH_SRP,DEFAULT)`,
          trackingUrn: urn,
          withEntity: (start + i) % 2 === 0,
        },
      };
    });
    return json(
      shapes.restClustersAnswer(items, start, searchTotal(voice, matches.length), c.changed),
    );
  }
  return apiError(400, undefined, 'unknown resultType');
}
