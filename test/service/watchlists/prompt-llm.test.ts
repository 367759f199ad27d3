import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { ServerResponse } from 'node:http';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';
import { settlePromptGenerations } from '../../../src/service/watchlists/prompt-jobs.js';
import {
  startLocalHttpServer,
  waitFor,
  type LocalHttpServer,
  type RecordedRequest,
} from '../../support/local-http.js';

/**
 * Prompt mode with an OpenAI-compatible endpoint configured (a local fake that answers, fails,
 * talks nonsense or is slow, as a test tells it to).
 */

type Mode = 'answer' | 'fail' | 'not-json' | 'wrong-shape' | 'slow';
let mode: Mode = 'answer';
let releaseSlow: (() => void) | null = null;

const ANSWER = {
  keywords: [
    { keyword: 'marine robotics', required_keywords: ['hiring'], excluded_keywords: ['toy'] },
    'zebrafish labs',
  ],
  labels: [
    { name: 'Hiring', description: 'A lab is hiring' },
    { name: 'Product launch', description: 'A new instrument is announced' },
  ],
};

function completion(res: ServerResponse, content: string) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'c1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content } }],
    }),
  );
}

let llm: LocalHttpServer;
let pages: LocalHttpServer;
let svc: TestService;
let a: SignedIn;

beforeAll(async () => {
  llm = await startLocalHttpServer(async (_req: RecordedRequest, res) => {
    if (mode === 'fail') {
      res.writeHead(503, { 'content-type': 'application/json' });
      return res.end('{"error":{"message":"overloaded"}}');
    }
    if (mode === 'not-json')
      return completion(res, 'Sure! Here are some keywords: marine robotics, zebrafish');
    if (mode === 'wrong-shape') return completion(res, JSON.stringify({ topics: ['a'] }));
    if (mode === 'slow') await new Promise<void>((r) => (releaseSlow = r));
    // A fenced answer, as some models give despite response_format.
    completion(res, '```json\n' + JSON.stringify(ANSWER) + '\n```');
  });
  pages = await startLocalHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<html><head><meta property="og:title" content="Zebrafish Orchestration Platform"><meta property="og:description" content="Workflow engine for marine labs"></head></html>',
    );
  });
  svc = await startTestService({
    ALLOW_PRIVATE_FETCH: '1',
    LLM_API_URL: `${llm.url}/v1`,
    LLM_API_KEY: 'sk-test-key',
    LLM_MODEL: 'test-model',
  });
  a = await signIn(svc, 'ada@llm.test', 'Ada');
});
afterAll(async () => {
  releaseSlow?.();
  await svc.close();
  await llm.close();
  await pages.close();
});
beforeEach(async () => {
  mode = 'answer';
  llm.requests.length = 0;
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query('DELETE FROM watchlists');
});

type View = {
  keywords: { keyword: string; required_keywords: string[]; excluded_keywords: string[] }[];
  labels: { name: string; description: string }[];
  prompt_status: string;
  posts_count: number;
};
const view = async (id: string) =>
  (await (
    await svc.call('GET', `/api-keyword-watchlist?id=${id}`, { headers: a.keyHeaders })
  ).json()) as View;
const ready = (id: string) =>
  waitFor(
    () => view(id),
    (v) => v.prompt_status !== 'pending',
  );
const createFromPrompt = async (prompt: string) => {
  const res = await svc.call('POST', '/api-keyword-watchlist', {
    body: { prompt },
    headers: a.keyHeaders,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
};

describe('prompt mode with an OpenAI-compatible endpoint', () => {
  test('the endpoint writes the keywords (with AND/NOT) and the intent labels; it is asked with the page metadata, JSON mode and the key', async () => {
    const { id } = await createFromPrompt(`Labs hiring for marine robots, like ${pages.url}/`);
    const v = await ready(id);
    expect(v.prompt_status).toBe('ready');
    expect(
      v.keywords.map(({ keyword, required_keywords, excluded_keywords }) => ({
        keyword,
        required_keywords,
        excluded_keywords,
      })),
    ).toEqual([
      { keyword: 'marine robotics', required_keywords: ['hiring'], excluded_keywords: ['toy'] },
      { keyword: 'zebrafish labs', required_keywords: [], excluded_keywords: [] },
    ]);
    expect(v.labels).toEqual(ANSWER.labels);

    expect(llm.requests).toHaveLength(1);
    const [req] = llm.requests;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/v1/chat/completions');
    expect(req!.headers.authorization).toBe('Bearer sk-test-key');
    const sent = JSON.parse(req!.body);
    expect(sent).toMatchObject({ model: 'test-model', response_format: { type: 'json_object' } });
    expect(sent.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    expect(sent.messages[0].content).toContain('at most 5 keywords'); // the free plan's cap
    expect(sent.messages[1].content).toContain('Labs hiring for marine robots');
    expect(sent.messages[1].content).toContain(
      'Zebrafish Orchestration Platform | Workflow engine for marine labs',
    );
  });

  test.each<[Mode, string]>([
    ['fail', 'an error status'],
    ['not-json', 'an answer that is not JSON'],
    ['wrong-shape', 'JSON of another shape'],
  ])('falls back to the keyword-extraction library on %s (%s)', async (m) => {
    mode = m;
    const { id } = await createFromPrompt(`Kubernetes security engineers, see ${pages.url}/`);
    const v = await ready(id);
    expect(llm.requests).toHaveLength(1);
    expect(v.prompt_status).toBe('ready');
    const words = v.keywords.map((k) => k.keyword);
    expect(words.join(' | ')).toMatch(/kubernetes|security engineers/i);
    expect(words.join(' | ')).toMatch(/zebrafish|orchestration|workflow|marine/i);
    // Library path: one label per keyword.
    expect(v.labels.map((l) => l.name)).toEqual(words);
  });

  test('prompt-mode update: keywords, labels and pending keyword tasks go at once, posts stay; a direct keyword patch meanwhile wins over the late answer', async () => {
    const created = await (
      await svc.call('POST', '/api-keyword-watchlist', {
        body: { keywords: ['old one', 'old two'] },
        headers: a.keyHeaders,
      })
    ).json();
    const taskId = crypto.randomUUID();
    await svc.ctx.db.query(
      `INSERT INTO tasks (id, team_id, type, input, status, watchlist_id, target_key) VALUES ($1, $2, 'agent_keyword_tracking', '{}', 'pending', $3, 'k')`,
      [taskId, a.team.id, created.id],
    );
    const postId = crypto.randomUUID();
    await svc.ctx.db.query(
      `INSERT INTO posts (id, team_id, activity_urn, post_url, posted_at) VALUES ($1, $2, 'urn:li:activity:7100000000000000001', 'https://www.linkedin.com/feed/', now())`,
      [postId, a.team.id],
    );
    await svc.ctx.db.query(
      'INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at) VALUES ($1, $2, $3, now())',
      [created.id, postId, a.team.id],
    );

    mode = 'slow';
    const res = await svc.call('PATCH', '/api-keyword-watchlist', {
      body: { id: created.id, prompt: 'marine robotics hiring' },
      headers: a.keyHeaders,
    });
    expect(res.status).toBe(200);
    await waitFor(
      async () => llm.requests.length,
      (n) => n === 1,
    );
    // While the endpoint thinks: wiped, pending, tasks gone, posts kept.
    expect(await view(created.id)).toMatchObject({
      keywords: [],
      labels: [],
      prompt_status: 'pending',
      posts_count: 1,
    });
    expect(await svc.ctx.db.query('SELECT id FROM tasks WHERE id = $1', [taskId])).toEqual([]);

    // A direct keyword update lands before the late answer: the answer must not overwrite it.
    const direct = await svc.call('PATCH', '/api-keyword-watchlist', {
      body: { id: created.id, keywords: ['chosen by hand'] },
      headers: a.keyHeaders,
    });
    expect(direct.status).toBe(200);
    releaseSlow!();
    await settlePromptGenerations();
    const v = await view(created.id);
    expect(v.keywords.map((k) => k.keyword)).toEqual(['chosen by hand']);
    expect(v.labels.map((l) => l.name)).toEqual(['chosen by hand']);
    expect(v.prompt_status).toBe('ready');
  });
});
