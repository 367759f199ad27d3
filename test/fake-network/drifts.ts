/**
 * The fake network one release later: drifts, switchable at run time and independent of the voice
 * (`startFakeNetwork({drift})`, `setDrift`, `POST /__fake/drift {"drift": …}`), each the kind of
 * change a network release makes and the network map must follow. `none` is the network as the
 * voice speaks it. Each drift answers the old form as the network answers what it does not know
 * (a 400 for an unknown decoration, finder or action, a 404 "No route" for an unknown path) and the
 * new form as the old one was answered:
 *
 * - `decoration_renamed`: the full profile's decoration is `FullProfileWithEntitiesV2-<N>`.
 * - `field_moved`: a profile's headline moved into a union keyed by its type's full name,
 *   `headlineUnion["com.linkedin.voyager.dash.common.text.TextViewModel"].text` (a map path reaches
 *   it only with a quoted key).
 * - `post_text_moved`: a post's text moved (`commentary` → `commentaryV2`, a search result's
 *   `summary` → `summaryV2`), and so did the link to its counts (`totalSocialActivityCounts` →
 *   `socialCountsV2`, a search result's `socialActivityCountsInsight` → `socialCountsInsightV2`).
 * - `sdui_renamed`: in server-driven answers the text component `feed-commentary` is
 *   `feed-commentary-text`, and the comment-count state key `commentCount-<urn>` is
 *   `commentCounter:<urn>` (another prefix, another separator).
 * - `write_path_renamed`: the REST reaction (a like) is `POST voyagerSocialDashReactionsV2`.
 * - `finder_renamed`: the profile posts finder is `q=memberShareFeedV2`.
 * - `action_renamed`: the invitation action is `action=verifyQuotaAndCreateV3`.
 */
export const FAKE_DRIFTS = [
  'none',
  'decoration_renamed',
  'field_moved',
  'post_text_moved',
  'sdui_renamed',
  'write_path_renamed',
  'finder_renamed',
  'action_renamed',
] as const;
export type FakeDrift = (typeof FAKE_DRIFTS)[number];

export const isDrift = (v: unknown): v is FakeDrift =>
  typeof v === 'string' && (FAKE_DRIFTS as readonly string[]).includes(v);

/** What a drift makes of one API request: the request as the handlers know it, or a refusal. */
export type DriftedRequest =
  | { route: string; rawQuery: string }
  | { refused: 'no_route' | 'bad_decoration' | 'bad_finder' | 'bad_action' };

/** A query parameter's raw value replaced, when it is exactly `from` (raw, as sent). */
function swapParam(rawQuery: string, name: string, test: RegExp, to: (v: string) => string) {
  let hit = false;
  const out = rawQuery
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0 || pair.slice(0, eq) !== name) return pair;
      const value = decodeURIComponent(pair.slice(eq + 1));
      if (!test.test(value)) return pair;
      hit = true;
      return `${name}=${encodeURIComponent(to(value))}`;
    })
    .join('&');
  return { hit, rawQuery: out };
}

const param = (rawQuery: string, name: string) => {
  for (const pair of rawQuery.split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq) === name) return decodeURIComponent(pair.slice(eq + 1));
  }
  return undefined;
};

const FULL_PROFILE =
  /^com\.linkedin\.voyager\.dash\.deco\.identity\.profile\.FullProfileWithEntities-\d+$/;
const FULL_PROFILE_V2 =
  /^com\.linkedin\.voyager\.dash\.deco\.identity\.profile\.FullProfileWithEntitiesV2-\d+$/;

export function driftRequest(
  drift: FakeDrift,
  method: string,
  route: string,
  rawQuery: string,
): DriftedRequest {
  if (drift === 'decoration_renamed' && route === 'identity/dash/profiles') {
    const decoration = param(rawQuery, 'decorationId') ?? '';
    if (FULL_PROFILE.test(decoration)) return { refused: 'bad_decoration' };
    const swapped = swapParam(rawQuery, 'decorationId', FULL_PROFILE_V2, (v) =>
      v.replace('FullProfileWithEntitiesV2-', 'FullProfileWithEntities-'),
    );
    return { route, rawQuery: swapped.rawQuery };
  }
  if (drift === 'write_path_renamed' && method === 'POST') {
    if (route === 'voyagerSocialDashReactions') return { refused: 'no_route' };
    if (route === 'voyagerSocialDashReactionsV2')
      return { route: 'voyagerSocialDashReactions', rawQuery };
  }
  if (drift === 'finder_renamed' && route === 'identity/profileUpdatesV2') {
    const q = param(rawQuery, 'q');
    if (q === 'memberShareFeed') return { refused: 'bad_finder' };
    if (q === 'memberShareFeedV2')
      return { route, rawQuery: swapParam(rawQuery, 'q', /.*/, () => 'memberShareFeed').rawQuery };
  }
  if (drift === 'action_renamed' && route === 'voyagerRelationshipsDashMemberRelationships') {
    const action = param(rawQuery, 'action');
    if (action === 'verifyQuotaAndCreateV2') return { refused: 'bad_action' };
    if (action === 'verifyQuotaAndCreateV3')
      return {
        route,
        rawQuery: swapParam(rawQuery, 'action', /.*/, () => 'verifyQuotaAndCreateV2').rawQuery,
      };
  }
  return { route, rawQuery };
}

/** The keys a drift renames in JSON answers, wherever they stand. */
const RENAMED_KEYS: Partial<Record<FakeDrift, Record<string, string>>> = {
  post_text_moved: {
    commentary: 'commentaryV2',
    totalSocialActivityCounts: 'socialCountsV2',
    '*totalSocialActivityCounts': '*socialCountsV2',
    socialActivityCountsInsight: 'socialCountsInsightV2',
  },
};

export const HEADLINE_TYPE = 'com.linkedin.voyager.dash.common.text.TextViewModel';

/** A successful JSON answer as the drifted network gives it (changed in place). */
export function driftAnswerBody(drift: FakeDrift, body: unknown): unknown {
  if (drift === 'none' || !body || typeof body !== 'object') return body;
  const renames = RENAMED_KEYS[drift] ?? {};
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    for (const x of Object.values(o)) visit(x);
    for (const [from, to] of Object.entries(renames)) {
      if (!(from in o)) continue;
      o[to] = o[from];
      delete o[from];
    }
    // A search result's text: the entity result holds `summary` beside its `navigationUrl`.
    if (drift === 'post_text_moved' && 'summary' in o && 'navigationUrl' in o) {
      o.summaryV2 = o.summary;
      delete o.summary;
    }
    // A profile's headline (a Profile entity, or a plain answer's profile).
    if (
      drift === 'field_moved' &&
      typeof o.headline === 'string' &&
      ('firstName' in o || String(o.$type ?? '').endsWith('.Profile'))
    ) {
      o.headlineUnion = { [HEADLINE_TYPE]: { text: o.headline } };
      delete o.headline;
    }
  };
  visit(body);
  return body;
}

/** A server-driven answer (a component stream's text) as the drifted network gives it. */
export function driftStream(drift: FakeDrift, text: string): string {
  if (drift !== 'sdui_renamed') return text;
  return text
    .replaceAll('"feed-commentary"', '"feed-commentary-text"')
    .replaceAll('commentCount-urn:', 'commentCounter:urn:');
}
