import { z } from '../../contract/zod.js';
import { KeywordInput, Label } from '../../contract/watchlists.js';
import { askModel } from '../ai/model-client.js';
import type { ServiceContext } from '../context.js';
import type { PageMetadata } from './page-metadata.js';

interface GeneratedTopics {
  keywords: KeywordInput[];
  labels: Label[];
}

const Answer = z.object({
  keywords: z.array(KeywordInput).check(z.minLength(1)),
  labels: z._default(z.array(Label), []),
});

function instructions(maxKeywords: number): string {
  return [
    'You turn a plain-English description of what a team wants to monitor on a professional social network into search keywords and intent labels.',
    `Answer with one JSON object only: {"keywords": [{"keyword": string, "required_keywords": string[], "excluded_keywords": string[]}], "labels": [{"name": string, "description": string}]}.`,
    `Give at most ${maxKeywords} keywords: short search phrases (1 to 4 words) that posts on the topic contain. required_keywords must all appear in a matching post; excluded_keywords must not; leave them empty unless the description asks for it.`,
    'Labels name the intents a matching post can show (for example "Hiring", "Buying intent", "Product launch"), each with a one-sentence description.',
  ].join('\n');
}

function userMessage(prompt: string, pages: PageMetadata[]): string {
  const context = pages
    .map((p) => `- ${p.url}: ${[p.siteName, p.title, p.description].filter(Boolean).join(' | ')}`)
    .join('\n');
  return context ? `${prompt}\n\nPages linked in the description:\n${context}` : prompt;
}

/**
 * Asks the team's model (ai/model-client.ts) for keywords and labels as a JSON answer, under the
 * outbound bound. Throws on any failure (network, status, deadline, size, an answer that is not the
 * JSON asked for), so the caller can fall back.
 */
export async function generateWithLlm(
  ctx: Pick<ServiceContext, 'config' | 'outbound'>,
  prompt: string,
  pages: PageMetadata[],
  maxKeywords: number,
): Promise<GeneratedTopics> {
  const answer = await askModel(ctx, {
    system: instructions(maxKeywords),
    user: userMessage(prompt, pages),
    json: true,
    temperature: 0.2,
  });
  // Some models wrap the JSON in a Markdown fence despite response_format.
  const content = answer.text.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  return Answer.parse(JSON.parse(content));
}
