import { Answer, apiError, json } from './answer.js';
import { LIMITS, makeToken, newestFirst, readToken, searchTotal } from './paging.js';
import type { Call } from './request.js';
import { parseRestli, type RestliParsed } from './restli.js';
import { asList, contentMatches, peopleMatches, type SearchRequest } from './search.js';
import type { FakeSession } from './session.js';
import * as shapes from './shapes.js';
import { measuredIn2026 } from './voices.js';

/**
 * The GraphQL reads (`GET graphql?queryId=<name>.<hash>&variables=(…)`): search, a member's posts
 * and (measured_2026) the GEO typeahead. The reaction mutation is a write (writes.ts); messaging's
 * GraphQL is inbox.ts.
 */
export function graphqlRead(s: FakeSession, c: Call): Answer {
  const queryId = c.q.get('queryId') ?? '';
  const [name, hash] = queryId.split('.');
  if (!hash) return apiError(400, undefined, `Unknown queryId ${queryId}`);
  if (name === 'voyagerSearchDashClusters') {
    // facts, "Newer evidence": "A stale queryId answers 400 mentioning the query id"; the page no
    // longer issues this call, so no hash is current in measured_2026.
    if (measuredIn2026(s.voice))
      return apiError(
        400,
        undefined,
        `Invalid queryId: ${queryId} is not a registered persisted query`,
      );
    return graphqlSearch(s, c);
  }
  if (name === 'voyagerFeedDashProfileUpdates') return graphqlProfileUpdates(s, c);
  if (name === 'voyagerSearchDashReusableTypeahead' && measuredIn2026(s.voice))
    return typeahead(s, c);
  return apiError(400, undefined, `Unknown queryId ${queryId}`);
}

function parseVariables(c: Call): Record<string, RestliParsed> | Answer {
  let variables: RestliParsed;
  try {
    variables = parseRestli(c.q.raw('variables') ?? '');
  } catch (err) {
    return apiError(400, undefined, (err as Error).message);
  }
  if (typeof variables !== 'object' || Array.isArray(variables))
    return apiError(400, undefined, 'variables must be a tuple');
  return variables;
}

function graphqlSearch(s: FakeSession, c: Call): Answer {
  const voice = s.voice;
  const variables = parseVariables(c);
  if (variables instanceof Answer) return variables;
  const query = variables.query as Record<string, RestliParsed> | undefined;
  if (
    !query ||
    typeof query !== 'object' ||
    Array.isArray(query) ||
    query.flagshipSearchIntent !== 'SEARCH_SRP'
  )
    return apiError(400, undefined, 'bad search query');
  const params = new Map<string, string[]>();
  const qp = query.queryParameters ?? [];
  if (!Array.isArray(qp))
    return apiError(400, undefined, 'queryParameters must be a List of (key,value)');
  for (const p of qp as Record<string, RestliParsed>[]) params.set(String(p.key), asList(p.value));
  const r: SearchRequest = {
    resultType: params.get('resultType')?.[0] ?? '',
    keywords: typeof query.keywords === 'string' ? query.keywords : '',
    params,
    start: Math.max(0, Number(variables.start ?? 0) || 0),
    count: Math.min(Math.max(1, Number(variables.count ?? 10) || 10), LIMITS[voice].search),
  };
  const drifted = voice === 'drifted';
  const pastEnd = voice === 'paged';
  if (r.resultType === 'PEOPLE') {
    const matches = peopleMatches(s, r);
    const items = matches
      .slice(r.start, r.start + r.count)
      .map((p) => ({ entityResult: shapes.personResult(p, voice) }));
    // drifted: the "other" shape — references where today is inline, inline where today has references.
    const shape: shapes.SearchShape = drifted
      ? { refs: !c.normalisedAccept, leadingEmpty: 'noItems' }
      : { noClusterWhenEmpty: pastEnd };
    return json(
      shapes.searchAnswer(
        items,
        r.start,
        searchTotal(voice, matches.length),
        c.normalisedAccept,
        c.changed,
        shape,
      ),
    );
  }
  if (r.resultType === 'CONTENT') {
    const matches = contentMatches(s, r);
    const page = matches.slice(r.start, r.start + r.count);
    // drifted: entity results instead of full updates (facts, "Newer evidence": "some carry
    // entityResult items with summary.text and trackingUrn").
    const items = drifted
      ? page.map((p) => ({ entityResult: shapes.contentResult(p, s.dataset, voice) }))
      : page.map((p) => ({ searchFeedUpdate: { update: shapes.feedUpdate(p, s.dataset, voice) } }));
    const shape: shapes.SearchShape = drifted
      ? { leadingEmpty: 'emptyItems' }
      : { noClusterWhenEmpty: pastEnd };
    return json(
      shapes.searchAnswer(
        items,
        r.start,
        searchTotal(voice, matches.length),
        c.normalisedAccept,
        c.changed,
        shape,
      ),
    );
  }
  return apiError(400, undefined, 'unknown resultType');
}

/**
 * measured_2026: GEO typeahead (facts, "Newer evidence": "Location filters by geoUrn, found with a
 * typeahead (voyagerSearchDashReusableTypeahead, type GEO)"). Shape our choice:
 * `data.searchDashReusableTypeaheadByType.elements[]` `{title.text, trackingUrn: urn:li:geo:<id>,
 * target.*geo: urn:li:fsd_geo:<id>}` (one level deeper with the normalised accept).
 */
function typeahead(s: FakeSession, c: Call): Answer {
  const variables = parseVariables(c);
  if (variables instanceof Answer) return variables;
  if (variables.type !== 'GEO') return apiError(400, undefined, 'unsupported typeahead type');
  const words = String(variables.keywords ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  const seen = new Map<number, string>();
  for (const p of s.dataset.profiles) if (!seen.has(p.geoId)) seen.set(p.geoId, p.location);
  const elements = [...seen]
    .filter(([, name]) => words.every((w) => name.toLowerCase().includes(w)))
    .map(([id, name]) => ({
      $type: 'com.linkedin.voyager.dash.search.typeahead.TypeaheadViewModel',
      title: { text: name },
      trackingUrn: `urn:li:geo:${id}`,
      target: { '*geo': `urn:li:fsd_geo:${id}` },
    }));
  const body = {
    searchDashReusableTypeaheadByType: {
      $type: 'com.linkedin.restli.common.CollectionResponse',
      elements,
      paging: { start: 0, count: elements.length },
    },
  };
  return json(c.normalisedAccept ? { data: { data: body }, included: [] } : { data: body });
}

function graphqlProfileUpdates(s: FakeSession, c: Call): Answer {
  const dataset = s.dataset;
  const variables = parseVariables(c);
  if (variables instanceof Answer) return variables;
  const id = /^urn:li:fsd_profile:(.+)$/.exec(String(variables.profileUrn ?? ''))?.[1];
  const p = id ? dataset.profiles.find((x) => x.id === id) : undefined;
  if (!p) return apiError(404);
  if (p.private) return apiError(403, undefined, 'This profile is not available');
  const all = newestFirst(
    dataset.posts.filter((x) => x.author.kind === 'person' && x.author.profileId === p.id),
  );
  const count = Math.min(
    Math.max(1, Number(variables.count ?? 20) || 20),
    s.voice === 'paged' ? 2 : 100,
  );
  let start = Math.max(0, Number(variables.start ?? 0) || 0);
  if (typeof variables.paginationToken === 'string' && variables.paginationToken) {
    const at = readToken(variables.paginationToken, `member:${p.id}`);
    if (at === null) return apiError(400, undefined, 'Invalid paginationToken');
    start = at;
  }
  const posts = all.slice(start, start + count);
  const next =
    start + posts.length < all.length ? makeToken(`member:${p.id}`, start + posts.length) : null;
  return json(
    shapes.graphqlProfileUpdatesAnswer(
      posts,
      dataset,
      start,
      next,
      c.normalisedAccept,
      c.changed,
      s.voice,
    ),
  );
}
