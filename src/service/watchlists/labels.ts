import type { Label } from '../../contract/watchlists.js';
import type { CleanKeyword } from './keywords.js';

/** Spec rule 3: keywords sent without labels get one label per keyword. */
export function labelsFromKeywords(keywords: CleanKeyword[]): Label[] {
  return keywords.map((k) => {
    const parts = [`Posts about "${k.keyword}"`];
    if (k.required_keywords.length > 0)
      parts.push(`that also mention ${k.required_keywords.map((w) => `"${w}"`).join(' and ')}`);
    if (k.excluded_keywords.length > 0)
      parts.push(`and none of ${k.excluded_keywords.map((w) => `"${w}"`).join(', ')}`);
    return { name: k.keyword, description: parts.join(' ') };
  });
}
