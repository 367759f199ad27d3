import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { OutboundError } from '../http/bounded-request.js';
import type { OutboundWork } from '../http/outbound-work.js';
import type { Label } from '../../contract/watchlists.js';
import { cleanKeywords, validKeywords, type CleanKeyword } from './keywords.js';
import { labelsFromKeywords } from './labels.js';
import { extractKeywords } from './keyword-extraction.js';
import { generateWithLlm } from './llm-keywords.js';
import { fetchPageMetadata, urlsInPrompt, type PageMetadata } from './page-metadata.js';

interface Topics {
  keywords: CleanKeyword[];
  labels: Label[];
  source: 'llm' | 'library';
  pages: PageMetadata[];
}

/** A stopping service does not fall back: the generation is left to the instance that resumes it. */
function stopIfStopping(signal: AbortSignal) {
  if (signal.aborted) throw new OutboundError('stopped', 'the service is stopping');
}

/**
 * Keywords and intent labels for a prompt-mode watchlist. The pages the prompt links to are read
 * for their metadata first. With an OpenAI-compatible endpoint configured, it writes keywords and
 * labels; when it fails (down, slow, not JSON), the keyword-extraction library takes over, with one
 * label per keyword.
 */
export async function generateTopics(
  deps: { config: Config; log: Logger; outbound: OutboundWork },
  prompt: string,
  maxKeywords: number,
): Promise<Topics> {
  const limits = deps.outbound.limits;
  const urls = urlsInPrompt(prompt);
  const fetched = await Promise.all(
    urls.map((u, index) =>
      fetchPageMetadata(u, {
        allowPrivate: deps.config.ALLOW_PRIVATE_FETCH,
        timeoutMs: limits.deadlineMs,
        signal: limits.signal,
        onError: (message) => deps.log.warn('prompt_page_failed', { index, message }),
      }),
    ),
  );
  const pages = fetched.filter((p): p is PageMetadata => p !== null);
  stopIfStopping(limits.signal);

  if (deps.config.LLM_API_URL) {
    try {
      const answer = await generateWithLlm(deps, prompt, pages, maxKeywords);
      const keywords = validKeywords(cleanKeywords(answer.keywords)).slice(0, maxKeywords);
      if (keywords.length > 0) {
        const labels = answer.labels.length > 0 ? answer.labels : labelsFromKeywords(keywords);
        return { keywords, labels, source: 'llm', pages };
      }
      deps.log.warn('prompt_llm_no_keywords', {});
    } catch (err) {
      stopIfStopping(limits.signal);
      deps.log.warn('prompt_llm_failed', { message: (err as Error).message });
    }
  }

  const text = [
    prompt.replace(/\bhttps?:\/\/\S+/gi, ' '),
    ...pages.flatMap((p) => [p.title, p.description]),
  ]
    .filter(Boolean)
    .join('.\n');
  const extracted = await extractKeywords(text, maxKeywords);
  const keywords = validKeywords(cleanKeywords(extracted));
  return { keywords, labels: labelsFromKeywords(keywords), source: 'library', pages };
}
