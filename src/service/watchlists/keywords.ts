import type { KeywordInput } from '../../contract/watchlists.js';

/** A keyword row as stored: primary keyword plus its AND / NOT lists, all cleaned. */
export interface CleanKeyword {
  keyword: string;
  required_keywords: string[];
  excluded_keywords: string[];
}

/** One entry of the request, in its order: cleaned, or refused with the reason. */
export type KeywordEntry =
  | { keyword: string; clean: CleanKeyword }
  | { keyword: string; error: string };

/** Trimmed, inner runs of whitespace folded to one space (`"  ai   agents "` -> `"ai agents"`). */
function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function cleanList(list: string[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list ?? []) {
    const v = cleanText(raw);
    if (!v || seen.has(v.toLowerCase())) continue;
    seen.add(v.toLowerCase());
    out.push(v);
  }
  return out;
}

/**
 * Cleans the keywords of a create or update (spec rule 4). A blank keyword, or one that repeats an
 * earlier one (case-insensitively), becomes a per-keyword error result instead of a row.
 */
export function cleanKeywords(input: KeywordInput[]): KeywordEntry[] {
  const seen = new Set<string>();
  return input.map((k) => {
    const raw = typeof k === 'string' ? k : k.keyword;
    const keyword = cleanText(raw);
    if (!keyword) return { keyword: raw, error: 'Keyword is empty after cleaning' };
    if (seen.has(keyword.toLowerCase())) return { keyword, error: 'Duplicate keyword' };
    seen.add(keyword.toLowerCase());
    if (typeof k === 'string')
      return { keyword, clean: { keyword, required_keywords: [], excluded_keywords: [] } };
    return {
      keyword,
      clean: {
        keyword,
        required_keywords: cleanList(k.required_keywords),
        excluded_keywords: cleanList(k.excluded_keywords),
      },
    };
  });
}

export function validKeywords(entries: KeywordEntry[]): CleanKeyword[] {
  return entries.flatMap((e) => ('clean' in e ? [e.clean] : []));
}

/**
 * The identity of a keyword set for idempotent creation (spec: "primary keywords match exactly,
 * order-insensitive, lower-cased, trimmed"). The unit separator cannot occur in a cleaned keyword.
 */
export function keywordSetKey(keywords: CleanKeyword[]): string {
  return [...new Set(keywords.map((k) => k.keyword.toLowerCase()))].sort().join('\u001f');
}
