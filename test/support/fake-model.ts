import type { ServerResponse } from 'node:http';
import { type LocalHttpServer, type RecordedRequest, startLocalHttpServer } from './local-http.js';

/**
 * A fake OpenAI-compatible chat-completions server on 127.0.0.1 for tests of the team's model
 * (src/service/ai/model-client.ts): a fake network, never a mock of our own code. Each test says how
 * it answers; it records every request, so a test can read what left the service.
 *
 *   const model = await startFakeModel();
 *   svc = await startTestService({ LLM_API_URL: `${model.url}/v1`, ALLOW_PRIVATE_FETCH: '1' });
 *   model.answer({ text: 'Great point!' });
 */

interface TextAnswer {
  text: string;
  delayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export type FakeAnswer =
  /** A chat completion whose first choice says `text` (after `delayMs`). */
  | TextAnswer
  /** An error status with a body. */
  | { status: number; body?: string }
  /** A 200 whose body is not a chat completion. */
  | { garbage: string }
  /** No answer until the test ends (the service's deadline ends the call). */
  | { hang: true };

export interface SentChat {
  model: string;
  messages: { role: string; content: string }[];
  max_tokens?: number;
  response_format?: { type: string };
}

export interface FakeModel {
  /** `http://127.0.0.1:<port>`; the service is given `${url}/v1`. */
  url: string;
  requests: RecordedRequest[];
  /** How every following request is answered, until the next call. */
  answer(a: FakeAnswer): void;
  /** How only the next request is answered (before the standing answer). */
  answerOnce(a: FakeAnswer): void;
  /** The requests' bodies, parsed. */
  chats(): SentChat[];
  /** Forgets the requests and goes back to the default answer. */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_MODEL_NAME = 'fake-model-1';
const DEFAULT_ANSWER: FakeAnswer = { text: 'A fine draft.' };

function completion(res: ServerResponse, a: TextAnswer) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: `chatcmpl-${crypto.randomUUID()}`,
      object: 'chat.completion',
      model: FAKE_MODEL_NAME,
      choices: [
        { index: 0, message: { role: 'assistant', content: a.text }, finish_reason: 'stop' },
      ],
      usage: a.usage ?? { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
    }),
  );
}

export async function startFakeModel(): Promise<FakeModel> {
  let standing: FakeAnswer = DEFAULT_ANSWER;
  const once: FakeAnswer[] = [];
  const hanging = new Set<() => void>();
  const server: LocalHttpServer = await startLocalHttpServer(async (_req, res) => {
    const a = once.shift() ?? standing;
    if ('hang' in a) return new Promise<void>((done) => hanging.add(done));
    if ('status' in a) {
      res.writeHead(a.status, { 'content-type': 'application/json' });
      return res.end(a.body ?? '{"error":{"message":"internal error"}}');
    }
    if ('garbage' in a) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(a.garbage);
    }
    if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
    if (!res.destroyed) completion(res, a);
  });
  return {
    url: server.url,
    requests: server.requests,
    answer(a) {
      standing = a;
    },
    answerOnce(a) {
      once.push(a);
    },
    chats: () => server.requests.map((r) => JSON.parse(r.body) as SentChat),
    reset() {
      standing = DEFAULT_ANSWER;
      once.length = 0;
      server.requests.length = 0;
    },
    async close() {
      for (const done of hanging) done();
      await server.close();
    },
  };
}
