import type { JsonNode } from '../normalized.js';

/**
 * A VectorImage (`{rootUrl, artifacts: [{width, fileIdentifyingUrlPathSegment}]}`) -> the URL of its
 * largest artifact; null when absent.
 */
export function vectorImageUrl(node: JsonNode): string | null {
  const root = node.str('rootUrl');
  const artifacts = node.at('artifacts').items();
  if (root === null || artifacts.length === 0) return null;
  const largest = artifacts.reduce((a, b) =>
    (b.num('width') ?? 0) > (a.num('width') ?? 0) ? b : a,
  );
  const segment = largest.str('fileIdentifyingUrlPathSegment');
  return segment === null ? null : `${root}${segment}`;
}

/** The first VectorImage inside an ImageViewModel (`attributes[].detailData…vectorImage`), if any. */
export function imageViewModelUrl(image: JsonNode): string | null {
  for (const attr of image.at('attributes').items()) {
    const detail = attr.at('detailData');
    for (const candidate of [
      detail.at('nonEntityProfilePicture', 'vectorImage'),
      detail.at('profilePicture', 'profilePicture', 'displayImageReference', 'vectorImage'),
      detail.at('nonEntityCompanyLogo', 'vectorImage'),
      detail.at('companyLogo', 'logo', 'vectorImage'),
      detail.at('vectorImage'),
      attr.at('vectorImage'),
    ]) {
      const url = candidate.present ? vectorImageUrl(candidate) : null;
      if (url) return url;
    }
    // REST feed actors point to a MiniProfile whose picture is a union keyed by the type name.
    const picture = unionVectorImageUrl(attr.at('miniProfile', 'picture'));
    if (picture) return picture;
  }
  return null;
}

/** A union such as `{"com.linkedin.common.VectorImage": {...}}` -> the image's URL. */
export function unionVectorImageUrl(union: JsonNode): string | null {
  if (!union.present || typeof union.value !== 'object') return null;
  for (const key of Object.keys(union.value as object)) {
    const url = vectorImageUrl(union.child(key));
    if (url) return url;
  }
  return null;
}
