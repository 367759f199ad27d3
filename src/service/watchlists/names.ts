/** Names given to a watchlist created without one (spec: "auto-generated when omitted"). */

const MAX_GENERATED_NAME = 80;

function clip(text: string): string {
  return text.length <= MAX_GENERATED_NAME
    ? text
    : `${text.slice(0, MAX_GENERATED_NAME - 1).trimEnd()}…`;
}

/** `ai agents, llm ops, rag +2 more`. */
export function nameFromItems(items: string[], shown = 3): string {
  const head = items.slice(0, shown).join(', ');
  const rest = items.length - shown;
  return clip(rest > 0 ? `${head} +${rest} more` : head);
}

/** The first words of the prompt (URLs left out, their host kept when nothing else is left). */
export function nameFromPrompt(prompt: string): string {
  const urls = prompt.match(/https?:\/\/[^\s]+/gi) ?? [];
  const words = prompt
    .replace(/https?:\/\/[^\s]+/gi, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .join(' ')
    .replace(/[\s,.;:!?-]+$/, '');
  if (words) return clip(words);
  const host = urls
    .map((u) => (URL.canParse(u) ? new URL(u).hostname.replace(/^www\./, '') : ''))
    .find(Boolean);
  return host ? clip(host) : 'Prompt watchlist';
}
