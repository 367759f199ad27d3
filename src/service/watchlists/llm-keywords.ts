import { z } from '../../contract/zod.js';
import { KeywordInput, Label } from '../../contract/watchlists.js';
import { boundedRequest } from '../http/bounded-request.js';
import type { OutboundLimits } from '../http/outbound-work.js';
import type { PageMetadata } from './page-metadata.js';

/** An OpenAI-compatible chat-completions endpoint (LLM_API_URL, LLM_API_KEY, LLM_MODEL). */
interface LlmEndpoint {
  url: string;
  apiKey?: string;
  model: string;
}

interface GeneratedTopics {
  keywords: KeywordInput[];
  labels: Label[];
}

const Answer = z.object({
  keywords: z.array(KeywordInput).check(z.minLength(1)),
  labels: z._default(z.array(Label), []),
});
const Completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).check(z.minLength(1)),
});

/** A base URL (`…/v1`) gets `/chat/completions`; a full endpoint URL is used as it is. */
function completionsUrl(base: string): string {
  return /\/chat\/completions\/?$/.test(base)
    ? base
    : `${base.replace(/\/+$/, '')}/chat/completions`;
}

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
 * Asks the endpoint for keywords and labels as a JSON answer, under the outbound bound (a whole
 * answer within the deadline, at most 1 MiB). The endpoint is the operator's own, so it may be on a
 * private network. Throws on any failure (network, status, deadline, size, an answer that is not
 * the JSON asked for), so the caller can fall back.
 */
export async function generateWithLlm(
  endpoint: LlmEndpoint,
  prompt: string,
  pages: PageMetadata[],
  maxKeywords: number,
  limits: Partial<OutboundLimits> = {},
): Promise<GeneratedTopics> {
  const res = await boundedRequest(completionsUrl(endpoint.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: endpoint.model,
      temperature: 0.2,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: instructions(maxKeywords) },
        { role: 'user', content: userMessage(prompt, pages) },
      ],
    }),
    allowPrivate: true,
    deadlineMs: limits.deadlineMs,
    signal: limits.signal,
  });
  if (res.status < 200 || res.status >= 300) throw new Error(`LLM endpoint answered ${res.status}`);
  const completion = Completion.parse(JSON.parse(res.body.toString('utf8')));
  // Some models wrap the JSON in a Markdown fence despite response_format.
  const content = completion.choices[0]!.message.content.trim().replace(
    /^```(?:json)?\s*|\s*```$/g,
    '',
  );
  return Answer.parse(JSON.parse(content));
}
