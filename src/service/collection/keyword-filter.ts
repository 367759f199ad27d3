/**
 * A keyword watchlist's AND/NOT rule (spec: required_keywords must all be present, excluded ones
 * none), case-insensitively on the post's text. The agent applies it too; the service applies it
 * again from the watchlist_keywords row, because the row may have changed since the task was queued
 * and an agent's filtering is not something to trust.
 */
export function matchesKeywordRule(
  content: string,
  required: readonly string[],
  excluded: readonly string[],
): boolean {
  const text = content.toLocaleLowerCase();
  const has = (word: string) => {
    const w = word.trim().toLocaleLowerCase();
    return w === '' || text.includes(w);
  };
  return required.every(has) && !excluded.some((w) => w.trim() !== '' && has(w));
}
