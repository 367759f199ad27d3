import type { FakeDataset, FakePost } from './dataset.js';

/**
 * The fake network's voices: one server speaks one of them at a time (`startFakeNetwork({voice})`,
 * `setVoice`, `POST /__fake/voice`), so an operation can be tested against more than one way the
 * network has been seen to answer (docs/network-internal-api.md).
 *
 * - `today`: the network of the facts' main sections (not "Newer evidence").
 * - `drifted`: `today`'s forms, answers drifting in every way the facts allow (order, extra and
 *   missing fields, other URN kinds, the other search shape, empty clusters).
 * - `paged`: `today`'s forms and shapes, in small pages (2 a page, 10 for connections), feeds paged
 *   by `paginationToken` only, search totals that are ceilings.
 * - `measured_2026`: the network as the facts' "Newer evidence" section measured it.
 * - `sdui_2026` (`SDUI_VOICE`): `measured_2026` plus the facts' "Server-driven screens (SDUI),
 *   measured 2026-10": content search answers wrappers with only a tracking id, posts come from the
 *   content-search pager's component stream (sdui-pager.ts).
 * Every extension test loops over all five (`FAKE_VOICES`; `ALL_FAKE_VOICES` is the same list).
 */
export const SDUI_VOICE = 'sdui_2026' as const;
export const FAKE_VOICES = ['today', 'drifted', 'paged', 'measured_2026', SDUI_VOICE] as const;
export const ALL_FAKE_VOICES = FAKE_VOICES;
export type FakeVoice = (typeof ALL_FAKE_VOICES)[number];

export const isVoice = (v: unknown): v is FakeVoice =>
  typeof v === 'string' && (ALL_FAKE_VOICES as readonly string[]).includes(v);

/**
 * The voices that answer as the network measured in 2026-10 ("Newer evidence"): `measured_2026`, and
 * `sdui_2026`, which answers every operation as `measured_2026` does except keyword post search.
 */
export const measuredIn2026 = (v: FakeVoice) => v === 'measured_2026' || v === SDUI_VOICE;

// ---- drifted: which entities are "thin" and how posts drift -------------------------------------

/**
 * drifted: a person is thin (no headline, no location, no picture, no summary) when
 * `memberId % 3 === 1`: Margaret Hamilton (1003), hidden-hal (1006), connection-01, -04, -07 …
 * (facts, "Designing for drift": "When a required field is missing…"; the main sections mark
 * summary, location and pictures as things a profile may lack).
 */
export const thinPerson = (memberId: number) => memberId % 3 === 1;

/** Position of a post in the dataset (stable across answers, so a post drifts the same way each time). */
export const postIndex = (ds: FakeDataset, post: FakePost) => ds.posts.indexOf(post);

/**
 * The URN a post is known by in a voice. Posts of kind `ugcPost` are `urn:li:ugcPost:<id>` in every
 * voice; in `drifted` every third post of the dataset (index % 3 === 2) is too (facts: "Posts may be
 * `activity`, `ugcPost` or `share` URNs"). The id, and so the time it encodes, does not change.
 */
export function postUrn(post: FakePost, ds: FakeDataset, voice: FakeVoice): string {
  const ugc = post.kind === 'ugcPost' || (voice === 'drifted' && postIndex(ds, post) % 3 === 2);
  return `urn:li:${ugc ? 'ugcPost' : 'activity'}:${post.activityId}`;
}

/** drifted: a post is thin (no media, no author headline, no author image) when index % 3 === 1. */
export const thinPost = (ds: FakeDataset, post: FakePost) => postIndex(ds, post) % 3 === 1;

/**
 * drifted: where a post's counts live, by dataset index % 4: 0 and 3 linked from `socialDetail`
 * (as today), 1 absent altogether, 2 a separate `SocialActivityCounts` entity keyed by the post URN
 * and not linked (facts, "Newer evidence", "One update by URN": "Counts may come as separate
 * `SocialActivityCounts` entities keyed by the post URN rather than inside the update").
 */
export function driftedCounts(ds: FakeDataset, post: FakePost): 'linked' | 'absent' | 'separate' {
  const k = postIndex(ds, post) % 4;
  return k === 1 ? 'absent' : k === 2 ? 'separate' : 'linked';
}

/** drifted: commentary as `commentary.text` (a string) on odd dataset indexes, `commentary.text.text` on even ones. */
export const commentaryAsString = (ds: FakeDataset, post: FakePost) =>
  postIndex(ds, post) % 2 === 1;

/** The visible relative time the network shows beside a post ("14h • "); not meant to be parsed. */
export function relativeTime(ms: number, now = Date.now()): string {
  const minutes = Math.max(1, Math.floor((now - ms) / 60_000));
  if (minutes < 60) return `${minutes}m • `;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h • `;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d • `;
  return `${Math.floor(days / 7)}w • `;
}

/** The time a post id encodes (`id >> 22`, facts "Details that trip parsers"). */
export const postTime = (post: FakePost) => Number(BigInt(post.activityId) >> 22n);

// ---- drifted: the generic pass over every successful JSON answer -----------------------------------

/**
 * drifted, applied to every 2xx JSON answer after it is built:
 * - `included` in reverse order (facts: references are resolved against `included[].entityUrn`, so
 *   order carries no meaning);
 * - unknown extra fields on every entity and wrapper: objects with `$type` or `entityUrn` gain
 *   `$recipeTypes` and `lixTrackingKey`; paging objects gain `links: []` (as Rest.li paging has);
 *   other wrapper objects gain `lixTrackingKey`. Objects holding only numbers (dates) are left alone.
 */
export function driftDecorate(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const top = body as Record<string, unknown>;
  if (Array.isArray(top.included)) top.included = [...top.included].reverse();
  let n = 0;
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    const values = Object.values(o);
    for (const x of values) visit(x);
    if ('start' in o && 'count' in o && typeof o.start === 'number') {
      o.links = [];
      return;
    }
    if (values.length > 0 && values.every((x) => typeof x === 'number')) return;
    n++;
    if ('$type' in o || 'entityUrn' in o)
      o.$recipeTypes = [`com.linkedin.voyager.dash.deco.common.Drift${n % 7}`];
    o.lixTrackingKey = `drift-${n}`;
  };
  visit(top);
  return top;
}
