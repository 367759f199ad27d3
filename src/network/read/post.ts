import type { NetworkPost } from '../../contract/task-outputs.js';
import { postTimeFromUrn } from '../../contract/urns.js';
import type { JsonNode } from '../normalized.js';
import type { FieldReader } from './fields.js';
import { imageViewModelUrl, vectorImageUrl } from './images.js';
import { companyIdIn, pageOfUrl, postUrnIn } from './urns.js';

/**
 * Posts, from a whole feed update (a profile's or a company's posts, one update by URN, a keyword
 * search's `searchFeedUpdate`) or from a keyword search's entity result. Field paths come from the
 * map's `post` and `post_result` groups. An item without a post URN is no post; one with a URN and
 * neither an author nor a text is hollow (a search's wrapper: read by its URN elsewhere). Any other
 * is a result (read/completeness.ts), whole only with what a post cannot do without: its URN and
 * the date in it, a text or media, an author. Counts are watched but may be unknown (null).
 */

/** A whole feed update (the map's `post` group). */
export const postFromUpdate = (update: JsonNode, f: FieldReader) =>
  postOf(readPost(update, f, 'post'));

/** What one item read as: no post (null), a post, or a result skipped for a required field it lacks. */
type PostRead = { post: NetworkPost } | { skipped: string } | null;

const postOf = (r: PostRead) => (r && 'post' in r ? r.post : null);

/**
 * One post, its fields where the group says. A field the group does not name (a search result has
 * no author URN and no media today) reads as absent, so both shapes go through the same reader.
 */
export function readPost(node: JsonNode, f: FieldReader, group: 'post' | 'post_result'): PostRead {
  const urn = firstPostUrn(node, f, group);
  if (!urn) return null;
  const post = f.of(node, group);
  const authorName = post.str('author_name');
  const content = post.str('content');
  if (authorName === null && content === null) return null;
  const image = post.node('author_image');
  const counts = countsOf(node, f, group, urn);
  const seen = media(post.object('media'));
  const postedAt = postTimeFromUrn(urn);
  const whole = f.completeness.result(
    {
      posted_at: postedAt !== null,
      content: !!content || seen.image_urls !== null || seen.videos !== null,
      post_author: !!authorName,
    },
    {
      likes_count: counts.likes_count !== null,
      comments_count: counts.comments_count !== null,
      shares_count: counts.shares_count !== null,
    },
  );
  if (!whole) return { skipped: urn };
  const read = networkPost(urn, {
    content: content ?? '',
    post_author: {
      ...authorOf(post.str('author_url'), post.str('author_urn')),
      full_name: authorName ?? '',
      headline: post.str('author_headline') ?? '',
      image_url: image ? imageViewModelUrl(image) : null,
    },
    ...counts,
    ...seen,
  });
  return read ? { post: read } : { skipped: urn };
}

function firstPostUrn(
  node: JsonNode,
  f: FieldReader,
  group: 'post' | 'post_result',
): string | null {
  for (const value of f.strings(node, group, 'urn')) {
    const urn = postUrnIn(value);
    if (urn) return urn;
  }
  return null;
}

/** A post from its URN (which gives its link, id and time) and what was read of it; null when the URN dates nothing. */
export function networkPost(
  urn: string,
  rest: Omit<NetworkPost, 'linkedin_post_url' | 'linkedin_post_urn' | 'social_urn' | 'posted_at'>,
): NetworkPost | null {
  const postedAt = postTimeFromUrn(urn);
  if (!postedAt) return null;
  return {
    linkedin_post_url: `https://www.linkedin.com/feed/update/${urn}/`,
    linkedin_post_urn: /(\d+)$/.exec(urn)![1]!,
    social_urn: urn,
    posted_at: postedAt,
    ...rest,
  };
}

function authorOf(
  url: string | null,
  urn: string | null,
): { author_slug: string; author_type: string } {
  const page = pageOfUrl(url);
  if (page) return { author_slug: page.slug, author_type: page.type };
  return { author_slug: '', author_type: companyIdIn(urn) ? 'company' : 'person' };
}

type Counts = Pick<NetworkPost, 'likes_count' | 'comments_count' | 'shares_count'>;

/**
 * Counts live inside the update (`socialDetail.totalSocialActivityCounts`), or as a separate
 * `SocialActivityCounts` entity keyed by the post's URN (2026), or somewhere in a search result:
 * the map's paths first, then the entity by URN, then any counts object within the item. None
 * found: every count is null (unknown).
 */
function countsOf(
  node: JsonNode,
  f: FieldReader,
  group: 'post' | 'post_result',
  urn: string,
): Counts {
  const counts =
    f.object(node, group, 'counts') ?? countsEntityFor(node, urn) ?? nestedCounts(node, 0);
  // A count the answer does not give is unknown, never 0.
  const n = (key: string) => {
    const v = counts?.at(key).value;
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null;
  };
  return {
    likes_count: n('numLikes'),
    comments_count: n('numComments'),
    shares_count: n('numShares'),
  };
}

function countsEntityFor(node: JsonNode, urn: string): JsonNode | null {
  const id = /(\d+)$/.exec(urn)![1]!;
  return (
    node.doc.ofTypeSuffix('SocialActivityCounts').find((e) => {
      const keys = [e.str('urn'), e.str('entityUrn'), e.str('threadUrn')];
      return keys.some(
        (k) => k !== null && (k.includes(urn) || new RegExp(`:${id}(\\D|$)`).test(k)),
      );
    }) ?? null
  );
}

function nestedCounts(node: JsonNode, depth: number): JsonNode | null {
  const value = node.value;
  if (depth > 4 || typeof value !== 'object' || value === null) return null;
  if (
    !Array.isArray(value) &&
    (typeof (value as Record<string, unknown>).numLikes === 'number' ||
      typeof (value as Record<string, unknown>).numComments === 'number')
  )
    return node;
  for (const key of Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value)) {
    const hit = nestedCounts(node.child(key), depth + 1);
    if (hit) return hit;
  }
  return null;
}

/**
 * Media sit under a union keyed by the component's full type name
 * (`com.linkedin.voyager.feed.render.ImageComponent`, `…LinkedInVideoComponent`) in REST answers, and
 * under short names (`imageComponent`, `linkedInVideoComponent`) in GraphQL ones.
 */
function media(content: JsonNode | null): Pick<NetworkPost, 'image_urls' | 'videos'> {
  if (!content || typeof content.value !== 'object' || content.value === null)
    return { image_urls: null, videos: null };
  const images: string[] = [];
  const videos: string[] = [];
  for (const key of Object.keys(content.value)) {
    const component = content.child(key);
    if (/ImageComponent$/i.test(key)) {
      for (const image of component.at('images').items()) {
        const url = imageViewModelUrl(image);
        if (url) images.push(url);
      }
    } else if (/VideoComponent$/i.test(key)) {
      const video = component.at('videoPlayMetadata');
      const stream = video.at('progressiveStreams', 0, 'streamingLocations', 0).str('url');
      const thumb = vectorImageUrl(video.at('thumbnail'));
      const url = stream ?? video.str('entityUrn') ?? thumb;
      if (url) videos.push(url);
    }
  }
  return { image_urls: images.length ? images : null, videos: videos.length ? videos : null };
}
