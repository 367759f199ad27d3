/**
 * Text that cannot be stored: PostgreSQL refuses a NUL character in any text, and a lone surrogate
 * (half of an emoji, as when the network cuts a post mid-character) is not valid UTF-8. Requests
 * with such text are refused naming the field (common.ts); an agent's result is cleaned instead,
 * because a stray character from the network must never block a task.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether a string holds a character the database cannot store. */
export function hasUnstorableText(s: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return s.includes('\u0000') || LONE_SURROGATE.test(s);
}

/** The string without NUL characters, each lone surrogate replaced by U+FFFD. */
function cleanText(s: string): string {
  if (!hasUnstorableText(s)) return s;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is what this removes
  return s.replace(/\u0000/g, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** JSON nested deeper than this is refused: no real body of ours nests past a few levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * A JSON value with every string (keys included) cleaned. Iterative, so a value nested 10,000 deep
 * cannot exhaust the stack; past `maxDepth` it answers null instead of a value.
 */
export function cleanJson(value: unknown, maxDepth = MAX_JSON_DEPTH): { value: unknown } | null {
  if (jsonDepth(value) > maxDepth) return null;
  const clean = (v: unknown): unknown => {
    if (typeof v === 'string') return cleanText(v);
    if (Array.isArray(v)) return v.map(clean);
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[cleanText(k)] = clean(x);
      return out;
    }
    return v;
  };
  return { value: clean(value) };
}

/** How deep a JSON value nests (a scalar is 0), without recursion. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const x of Array.isArray(v) ? v : Object.values(v))
      if (x !== null && typeof x === 'object') stack.push([x, depth + 1]);
  }
  return deepest;
}
