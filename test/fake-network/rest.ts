import type { IncomingMessage } from 'node:http';
import { Answer, apiError, fromReply, json, noRoute } from './answer.js';
import { driftRequest } from './drifts.js';
import { graphqlRead } from './graphql.js';
import { authorIsPrivate, findPost, findProfile } from './lookup.js';
import { feedPage, LIMITS, newestFirst, paging } from './paging.js';
import { type Call, parseQuery } from './request.js';
import { restSearch } from './search.js';
import type { FakeSession } from './session.js';
import * as shapes from './shapes.js';
import { measuredIn2026, SDUI_VOICE } from './voices.js';
import { write } from './writes.js';

/**
 * `/voyager/api/…`: the session's checks, the mode's refusals, `x-restli-protocol-version`, the
 * drift's renamed forms; then a GET is read here (REST, and GraphQL in graphql.ts) and a POST is a
 * write (writes.ts).
 */
export function voyagerApi(
  s: FakeSession,
  req: IncomingMessage,
  path: string,
  sentQuery: string,
  body: string,
): Answer {
  const refused = s.gate(req, path);
  if (refused) return refused;
  const method = req.method ?? 'GET';
  const sentRoute = path.slice('/voyager/api/'.length);
  if (s.mode === 'not_found' && sentRoute !== 'me') return apiError(404, undefined, 'Not Found');
  if (req.headers['x-restli-protocol-version'] !== '2.0.0')
    return apiError(400, undefined, 'missing x-restli-protocol-version');
  // A release later (drifts.ts): the old form is refused as the network refuses what it does
  // not know, the new one answered as the old one was.
  const drifted = driftRequest(s.drift, method, sentRoute, sentQuery);
  if ('refused' in drifted) {
    if (drifted.refused === 'no_route') return noRoute(method, sentRoute);
    const what = { bad_decoration: 'Unknown decorationId', bad_finder: 'bad finder' };
    return apiError(
      400,
      undefined,
      drifted.refused === 'bad_action' ? 'bad action' : what[drifted.refused],
    );
  }
  const { route, rawQuery } = drifted;
  const call: Call = {
    method,
    route,
    rawQuery,
    q: parseQuery(rawQuery),
    body,
    normalisedAccept: String(req.headers.accept ?? '').includes(
      'application/vnd.linkedin.normalized+json+2.1',
    ),
    changed: s.mode === 'changed_shapes',
  };
  return method === 'GET'
    ? read(s, call)
    : method === 'POST'
      ? write(s, call)
      : noRoute(method, route);
}

function read(s: FakeSession, c: Call): Answer {
  const { route, q, changed } = c;
  const { dataset, voice } = s;
  const measured = measuredIn2026(voice);
  if (route === 'me') return json(shapes.meAnswer(dataset.self, changed));

  if (route === 'identity/dash/profiles') return profile(s, c);

  const legacy = /^identity\/profiles\/([^/]+)\/(networkinfo|profileView|profileContactInfo)$/.exec(
    route,
  );
  if (legacy) {
    const [, id, kind] = legacy;
    // The old profileView answers 410 (facts, intro); networkinfo and profileContactInfo are 410 in
    // measured_2026 (facts, "Newer evidence", measured 2026-10). A retired route answers 410 before
    // it looks at the profile, so the private profile's networkinfo is 410 there too.
    if (kind === 'profileView' || measured) return apiError(410, undefined, `${kind} is gone`);
    if (kind === 'profileContactInfo') return noRoute('GET', route); // only known from "Newer evidence"
    const p = findProfile(dataset, decodeURIComponent(id!));
    if (!p) return apiError(404);
    if (p.private) return apiError(403, undefined, 'This profile is not available');
    return json(shapes.networkInfoAnswer(p, changed));
  }

  if (route === 'identity/profileUpdatesV2') {
    if (q.get('q') !== 'memberShareFeed') return apiError(400, undefined, 'bad finder');
    const id = /^urn:li:fsd_profile:(.+)$/.exec(q.get('profileUrn') ?? '')?.[1];
    const p = id ? dataset.profiles.find((x) => x.id === id) : undefined;
    if (!p) return apiError(404);
    if (p.private) return apiError(403, undefined, 'This profile is not available');
    const all = newestFirst(
      dataset.posts.filter((x) => x.author.kind === 'person' && x.author.profileId === p.id),
    );
    const pg = feedPage(all, q, `member:${p.id}`, LIMITS[voice].feedTokenOnly, LIMITS[voice].feed);
    if (pg instanceof Answer) return pg;
    return json(shapes.updatesAnswer(pg.posts, dataset, pg.start, changed, voice, pg.next));
  }

  if (route === 'organization/companies') {
    if (
      q.get('q') !== 'universalName' ||
      !q
        .get('decorationId')
        ?.startsWith('com.linkedin.voyager.deco.organization.web.WebFullCompanyMain-')
    )
      return apiError(400, undefined, 'bad company query');
    const c2 = dataset.companies.find((x) => x.slug === q.get('universalName')?.toLowerCase());
    return c2 ? json(shapes.companyAnswer(c2, changed, voice)) : apiError(404);
  }

  if (route === 'feed/updates') {
    if (q.get('q') === 'activityByUrn') return updateByUrn(s, q.get('activityUrn') ?? '', c);
    if (q.get('q') !== 'companyFeedByUniversalName') return apiError(400, undefined, 'bad finder');
    // facts, "Newer evidence": companyFeedByUniversalName answered 400 (measured 2026-10).
    if (measured)
      return apiError(400, undefined, 'Finder companyFeedByUniversalName is not supported');
    return companyPosts(s, q.get('companyUniversalName') ?? '', c, LIMITS[voice].feedTokenOnly);
  }
  const single = /^feed\/updates\/([^/]+)$/.exec(route);
  if (single) {
    // One update by URN: only known from "Newer evidence" (2026-08).
    if (!measured) return noRoute('GET', route);
    return updateByUrn(s, decodeURIComponent(single[1]!), c);
  }
  if (route === 'feed/updatesV2') {
    if (!measured) return noRoute('GET', route);
    return apiError(400, undefined, `Finder ${q.get('q') ?? ''} is not supported`);
  }
  if (route === 'organization/updatesV2') {
    if (!measured) return noRoute('GET', route);
    if (
      q.get('q') !== 'companyRelevanceFeed' ||
      q.get('moduleKey') !== 'ORGANIZATION_MEMBER_FEED_DESKTOP'
    )
      return apiError(400, undefined, 'bad finder');
    // Pages by start/count as the facts' URL shows; a next-page token is given (and honoured) too.
    return companyPosts(s, q.get('companyIdOrUniversalName') ?? '', c, false);
  }

  if (route === 'graphql') return graphqlRead(s, c);
  if (route === 'voyagerMessagingGraphQL/graphql')
    return fromReply(s.inbox.read(c.rawQuery, c.normalisedAccept));
  if (route === 'search/dash/clusters') {
    if (!measured) return noRoute('GET', route);
    return restSearch(s, c);
  }

  if (route === 'relationships/dash/connections') {
    if (
      q.get('q') !== 'search' ||
      !q
        .get('decorationId')
        ?.startsWith('com.linkedin.voyager.dash.deco.web.mynetwork.ConnectionListWithProfile-')
    )
      return apiError(400, undefined, 'bad connections query');
    const { start, count } = paging(q, LIMITS[voice].connections);
    const all = dataset.profiles
      .filter((p) => p.distance === 'DISTANCE_1')
      .sort((a, b) => (b.connectedAt ?? 0) - (a.connectedAt ?? 0));
    return json(
      shapes.connectionsAnswer(all.slice(start, start + count), start, all.length, changed, voice),
    );
  }
  if (route === 'relationships/sentInvitationViewsV2') {
    // sdui_2026 follows the 2026-08 source that found no REST form of the sent list working (it
    // read the invitation manager's screen, relationships.ts); measured_2026 the 2026-10 one.
    if (voice === SDUI_VOICE) return noRoute('GET', route);
    if (q.get('q') !== 'invitationType' || q.get('invitationType') !== 'CONNECTION')
      return apiError(400, undefined, 'bad finder');
    const { start, count } = paging(q, LIMITS[voice].invitations);
    // Pending ones only, newest first; measured_2026's total reads 0 (relationships.ts).
    const sent = s.relationships.sentViews();
    return json(
      shapes.sentInvitationsAnswer(
        sent.slice(start, start + count),
        start,
        changed,
        s.relationships.sentTotal(),
      ),
    );
  }
  return noRoute('GET', route);
}

function profile(s: FakeSession, c: Call): Answer {
  const { q, changed } = c;
  const decoration = q.get('decorationId') ?? '';
  if (q.get('q') !== 'memberIdentity') return apiError(400, undefined, 'bad finder');
  const full =
    /^com\.linkedin\.voyager\.dash\.deco\.identity\.profile\.FullProfileWithEntities-\d+$/.test(
      decoration,
    );
  // Top-card decorations: facts, "Newer evidence" only.
  const topCard =
    /^com\.linkedin\.voyager\.dash\.deco\.identity\.profile\.(WebTopCardCore|TopCardSupplementary)-\d+$/.test(
      decoration,
    );
  if (!full && !(topCard && measuredIn2026(s.voice)))
    return apiError(400, undefined, `Unknown decorationId ${decoration}`);
  const p = findProfile(s.dataset, q.get('memberIdentity') ?? '');
  if (!p) return apiError(404);
  if (p.private) return apiError(403, undefined, 'This profile is not available');
  if (full) return json(shapes.profileAnswer(p, changed, s.voice));
  const pending = s.state.invitations.find(
    (i) => i.profileUrn === `urn:li:fsd_profile:${p.id}` && s.relationships.isPending(i),
  );
  return json(
    shapes.topCardAnswer(
      p,
      pending
        ? {
            invitation: {
              urn: pending.invitationUrn,
              message: pending.message,
              sentTime: s.invitationTimes.get(pending.invitationUrn) ?? Date.now(),
            },
          }
        : {},
      changed,
    ),
  );
}

function companyPosts(s: FakeSession, identity: string, c: Call, tokenOnly: boolean): Answer {
  const { dataset, voice } = s;
  const id = identity.toLowerCase();
  const company = dataset.companies.find((x) => x.slug === id || String(x.id) === id);
  if (!company) return apiError(404);
  const all = newestFirst(
    dataset.posts.filter((x) => x.author.kind === 'company' && x.author.companyId === company.id),
  );
  const pg = feedPage(all, c.q, `company:${company.id}`, tokenOnly, LIMITS[voice].feed);
  if (pg instanceof Answer) return pg;
  return json(shapes.updatesAnswer(pg.posts, dataset, pg.start, c.changed, voice, pg.next));
}

function updateByUrn(s: FakeSession, urn: string, c: Call): Answer {
  const post = findPost(s.dataset, urn);
  if (!post) return apiError(404, undefined, 'This post cannot be displayed');
  if (authorIsPrivate(s.dataset, post))
    return apiError(403, undefined, 'This post cannot be displayed');
  if (c.route === 'feed/updates') {
    // The older form: a finder, so a collection of one.
    if (!c.q.get('decorationId')?.startsWith('com.linkedin.voyager.deco.feed.FeedUpdate-'))
      return apiError(400, undefined, 'bad decoration');
    return json(shapes.updatesAnswer([post], s.dataset, 0, c.changed, s.voice, null));
  }
  return json(shapes.singleUpdateAnswer(post, s.dataset, c.changed, s.voice));
}
