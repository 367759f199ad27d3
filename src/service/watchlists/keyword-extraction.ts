/**
 * The language stack, loaded on first use: retext-pos's English lexicon alone is a large part of
 * the service's resident memory (bench/idle-rss.ts), and only a prompt-mode watchlist without an LLM
 * ever needs it. Once loaded it stays.
 */
let loading: ReturnType<typeof loadLanguage> | null = null;
async function loadLanguage() {
  const [
    { unified },
    { default: retextEnglish },
    { default: retextPos },
    { default: retextKeywords },
    { toString: nlcstToString },
    { VFile },
  ] = await Promise.all([
    import('unified'),
    import('retext-english'),
    import('retext-pos'),
    import('retext-keywords'),
    import('nlcst-to-string'),
    import('vfile'),
  ]);
  return { unified, retextEnglish, retextPos, retextKeywords, nlcstToString, VFile };
}

/**
 * Words that describe the monitoring itself ("track posts from people talking about …"), not what
 * is monitored; a key phrase made only of them is dropped, and they are cut from a phrase's edges.
 */
const INSTRUCTION_WORDS = new Set(
  'track tracking monitor monitoring watch watching follow following find finding collect alert alerts notify post posts people person anyone someone content mentions mention mentioning talking talk discussing discussion about related regarding want need looking interested show me us our we i'.split(
    ' ',
  ),
);

/** `Zebrafish Orchestration` -> `zebrafish orchestration`; acronyms (`LLM`) keep their case. */
function caseOf(word: string): string {
  return /^[A-Z0-9]{2,}s?$/.test(word) ? word : word.toLowerCase();
}

function tidy(phrase: string): string {
  const words = phrase.split(/\s+/).filter(Boolean);
  while (words.length > 0 && INSTRUCTION_WORDS.has(words[0]!.toLowerCase())) words.shift();
  while (words.length > 0 && INSTRUCTION_WORDS.has(words[words.length - 1]!.toLowerCase()))
    words.pop();
  return words.map(caseOf).join(' ');
}

/**
 * Key phrases of a text by retext-keywords (part-of-speech tagged noun phrases, scored by how often
 * their stems occur), best first; single keywords fill in when there are too few phrases.
 */
export async function extractKeywords(text: string, max: number): Promise<string[]> {
  loading ??= loadLanguage().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  const { unified, retextEnglish, retextPos, retextKeywords, nlcstToString, VFile } = await loading;
  const processor = unified()
    .use(retextEnglish)
    .use(retextPos)
    .use(retextKeywords, { maximum: Math.max(max * 2, 10) });
  const file = new VFile(text);
  await processor.run(processor.parse(file), file);
  const phrases = (file.data.keyphrases ?? [])
    .map((p) => ({
      text: tidy(nlcstToString(p.matches[0]!.nodes)),
      score: p.score,
      weight: p.weight,
    }))
    .sort((a, b) => b.score - a.score || b.weight - a.weight);
  const singles = (file.data.keywords ?? [])
    .map((k) => ({ text: tidy(nlcstToString(k.matches[0]!.node)), score: k.score }))
    .sort((a, b) => b.score - a.score);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const candidate of [...phrases, ...singles]) {
    const key = candidate.text.toLowerCase();
    if (candidate.text.length < 2 || seen.has(key)) continue;
    // A single word already inside a chosen phrase adds nothing.
    if (!candidate.text.includes(' ') && out.some((p) => p.toLowerCase().split(' ').includes(key)))
      continue;
    seen.add(key);
    out.push(candidate.text);
    if (out.length >= max) break;
  }
  return out;
}
