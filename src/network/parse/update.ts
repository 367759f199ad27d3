import type { NetworkPost } from '../../contract/task-outputs.js';
import { postTimeFromUrn } from '../../contract/urns.js';
import { NetworkError } from '../errors.js';
import type { JsonNode } from '../normalized.js';
import { imageViewModelUrl, vectorImageUrl } from './images.js';

/**
 * One feed update -> the contract's post. Reads both the REST `UpdateV2` (post URN at
 * `updateMetadata.urn`, normalised) and the GraphQL `FeedUpdate` (`metadata.backendUrn`, plain
 * JSON), which share actor, commentary and socialDetail (network-facts, "Details that trip parsers").
 */
export function postFromUpdate(update: JsonNode): NetworkPost {
  const urnNode = update.at('updateMetadata', 'urn').present ? update.at('updateMetadata', 'urn') : update.at('metadata', 'backendUrn');
  if (typeof urnNode.value !== 'string') {
    throw new NetworkError('network_changed', `The network's ${update.doc.source} answer has no ${update.path}.updateMetadata.urn (nor metadata.backendUrn)`);
  }
  const urn = urnNode.value;
  const id = /(\d+)$/.exec(urn)?.[1];
  const postedAt = postTimeFromUrn(urn);
  if (!id || !postedAt) throw new NetworkError('network_changed', `Post URN ${urn} at ${urnNode.path} has no numeric id`);

  const actor = update.required('actor');
  const target = actor.str('navigationContext', 'actionTarget') ?? '';
  const author = authorFromUrl(target);
  const counts = update.at('socialDetail', 'totalSocialActivityCounts');

  return {
    linkedin_post_url: `https://www.linkedin.com/feed/update/${urn}/`,
    linkedin_post_urn: id,
    social_urn: urn,
    content: update.str('commentary', 'text', 'text') ?? '',
    post_author: {
      author_slug: author.slug,
      author_type: author.type,
      full_name: actor.requiredStr('name', 'text'),
      headline: actor.str('description', 'text') ?? '',
      image_url: imageViewModelUrl(actor.at('image')),
    },
    posted_at: postedAt,
    likes_count: counts.num('numLikes') ?? 0,
    shares_count: counts.num('numShares') ?? 0,
    comments_count: counts.num('numComments') ?? 0,
    ...media(update.at('content')),
  };
}

function authorFromUrl(url: string): { slug: string; type: string } {
  const m = /linkedin\.com\/(in|company|school|showcase)\/([^/?#]+)/.exec(url);
  if (!m) return { slug: '', type: 'person' };
  return { slug: decodeURIComponent(m[2]!), type: m[1] === 'in' ? 'person' : 'company' };
}

/**
 * Media sit under a union keyed by the component's full type name
 * (`com.linkedin.voyager.feed.render.ImageComponent`, `…LinkedInVideoComponent`) in REST answers, and
 * under short names (`imageComponent`, `linkedInVideoComponent`) in GraphQL ones.
 */
function media(content: JsonNode): Pick<NetworkPost, 'image_urls' | 'videos'> {
  if (!content.present || typeof content.value !== 'object') return { image_urls: null, videos: null };
  const images: string[] = [];
  const videos: string[] = [];
  for (const key of Object.keys(content.value as object)) {
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
