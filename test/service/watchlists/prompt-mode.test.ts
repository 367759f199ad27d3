import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';
import { startLocalHttpServer, waitFor, type LocalHttpServer } from '../../support/local-http.js';
import { BACKGROUND_JOBS } from '../../../src/service/jobs.js';
import {
  resumePendingPrompts,
  runPromptGeneration,
} from '../../../src/service/watchlists/prompt-jobs.js';

/**
 * Prompt mode without an LLM: keywords come from the keyword-extraction library, enriched by the
 * metadata of the pages the prompt links to, when outbound fetches may reach this local server.
 */

const PAGE = `<!doctype html><html><head>
<title>ignored when og:title is present</title>
<meta property="og:title" content="Zebrafish Orchestration Platform">
<meta name="description" content="Open-source workflow engine for marine biology labs">
<meta property="og:site_name" content="Zebraflow">
</head><body><p>${'filler '.repeat(100)}</p></body></html>`;

let pages: LocalHttpServer;
let open: TestService; // ALLOW_PRIVATE_FETCH=1: may fetch the local page
let strict: TestService; // default: loopback refused
let a: SignedIn;
let s: SignedIn;

beforeAll(async () => {
  pages = await startLocalHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  open = await startTestService({ ALLOW_PRIVATE_FETCH: '1' });
  strict = await startTestService();
  a = await signIn(open, 'ada@prompt.test', 'Ada');
  s = await signIn(strict, 'sam@prompt.test', 'Sam');
});
afterAll(async () => {
  await open.close();
  await strict.close();
  await pages.close();
});
beforeEach(() => {
  pages.requests.length = 0;
});

type View = {
  id: string;
  name: string;
  keywords: {
    id: string;
    keyword: string;
    required_keywords: string[];
    excluded_keywords: string[];
  }[];
  labels: { name: string; description: string }[];
  prompt: string | null;
  prompt_status: string | null;
  prompt_error: string | null;
  posts_count: number;
};

const view = async (svc: TestService, who: SignedIn, id: string) =>
  (await (
    await svc.call('GET', `/api-keyword-watchlist?id=${id}`, { headers: who.keyHeaders })
  ).json()) as View;
const ready = (svc: TestService, who: SignedIn, id: string) =>
  waitFor(
    () => view(svc, who, id),
    (v) => v.prompt_status !== 'pending',
  );

describe('POST /api-keyword-watchlist, prompt mode', () => {
  test("answers at once (201), then keywords and one label per keyword appear, using the linked page's metadata", async () => {
    const prompt = `Founders hiring data engineers. Our product: ${pages.url}/product?ref=1.`;
    const res = await open.call('POST', '/api-keyword-watchlist', {
      body: { prompt, fetchFreqInHours: 6 },
      headers: a.keyHeaders,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Founders hiring data engineers. Our product',
      slug: 'founders-hiring-data-engineers-our-product',
      type: 'keyword',
      fetchFreqInHours: 6,
      prompt,
      created: true,
      message: expect.stringContaining('appear in a few seconds'),
    });
    const v = await ready(open, a, body.id);
    expect(v.prompt_status).toBe('ready');
    expect(v.prompt).toBe(prompt);
    const words = v.keywords.map((k) => k.keyword);
    expect(words.length).toBeGreaterThan(0);
    expect(words.length).toBeLessThanOrEqual(5); // the free plan's keywords per watchlist
    // From the page (title / description), not the prompt:
    expect(words.join(' | ')).toMatch(/zebrafish|orchestration|workflow engine|marine biology/i);
    // And from the prompt itself:
    expect(words.join(' | ')).toMatch(/data engineers|founders/i);
    expect(v.labels.map((l) => l.name)).toEqual(words);
    // The page was fetched once, as a GET of the URL without the sentence's trailing dot.
    expect(pages.requests.map((r) => [r.method, r.url])).toEqual([['GET', '/product?ref=1']]);
    // Rows the scheduler plans from, and the set for idempotent direct creation.
    const [w] = await open.ctx.db.query<{
      keyword_set_key: string;
      prompt_claimed_until: Date | null;
    }>('SELECT keyword_set_key, prompt_claimed_until FROM watchlists WHERE id = $1', [body.id]);
    expect(w!.keyword_set_key).toBe([...words.map((k) => k.toLowerCase())].sort().join('\u001f'));
    expect(w!.prompt_claimed_until).toBeNull();
    const again = await open.call('POST', '/api-keyword-watchlist', {
      body: { keywords: [...words].reverse() },
      headers: a.keyHeaders,
    });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(body.id);
    await open.ctx.db.query('DELETE FROM watchlists');
  });

  test('with private fetches off (the default), the loopback page is never requested; keywords come from the prompt', async () => {
    const prompt = `Founders hiring data engineers. Our product: ${pages.url}/product`;
    const res = await strict.call('POST', '/api-keyword-watchlist', {
      body: { prompt },
      headers: s.keyHeaders,
    });
    expect(res.status).toBe(201);
    const v = await ready(strict, s, (await res.json()).id);
    expect(v.prompt_status).toBe('ready');
    const words = v.keywords.map((k) => k.keyword).join(' | ');
    expect(words).toMatch(/data engineers|founders/i);
    expect(words).not.toMatch(/zebrafish|orchestration|marine/i);
    expect(pages.requests).toEqual([]);
    await strict.ctx.db.query('DELETE FROM watchlists');
  });

  test('a prompt of only a URL is named after its host', async () => {
    const res = await open.call('POST', '/api-keyword-watchlist', {
      body: { prompt: `${pages.url}/about` },
      headers: a.keyHeaders,
    });
    const body = await res.json();
    expect(body.name).toBe('127.0.0.1');
    const v = await ready(open, a, body.id);
    expect(v.keywords.map((k) => k.keyword).join(' | ')).toMatch(
      /zebrafish|orchestration|workflow|marine/i,
    );
    await open.ctx.db.query('DELETE FROM watchlists');
  });

  test('a prompt with nothing to extract ends failed, with the reason, never a 500', async () => {
    const res = await strict.call('POST', '/api-keyword-watchlist', {
      body: { prompt: '!!! ??? ...' },
      headers: s.keyHeaders,
    });
    expect(res.status).toBe(201);
    const v = await ready(strict, s, (await res.json()).id);
    expect(v).toMatchObject({
      prompt_status: 'failed',
      prompt_error: 'No keywords could be derived from the prompt',
      keywords: [],
    });
    await strict.ctx.db.query('DELETE FROM watchlists');
  });

  test('bad prompt-mode bodies answer 400 and write nothing', async () => {
    const cases: [unknown, string][] = [
      [{ prompt: '' }, "Missing or invalid 'prompt'"],
      [{ prompt: '   ' }, "Missing or invalid 'prompt'"],
      [{ prompt: 42 }, "Missing or invalid 'prompt'"],
      [{ prompt: null }, "Missing or invalid 'prompt'"],
      [{ prompt: 'x'.repeat(4001) }, "Invalid 'prompt': at most 4000 characters"],
      [{ prompt: 'ai', labels: [] }, "Unknown field: 'labels'"],
      [{ prompt: 'ai', fetchFreqInHours: 2 }, 'Invalid fetchFreqInHours value'],
      [
        { prompt: 'ai', keywords: ['ai'] },
        "Send either 'keywords' (direct mode) or 'prompt' (prompt mode), not both",
      ],
    ];
    for (const [body, error] of cases) {
      const res = await strict.call('POST', '/api-keyword-watchlist', {
        body,
        headers: s.keyHeaders,
      });
      expect({ body, status: res.status, answer: await res.json() }).toEqual({
        body,
        status: 400,
        answer: { error },
      });
    }
    expect((await strict.ctx.db.query('SELECT id FROM watchlists')).length).toBe(0);
  });
});

describe('PATCH /api-keyword-watchlist, prompt mode', () => {
  test('replaces keywords and labels from the new prompt; posts stay; the answer carries id, name, frequency and prompt', async () => {
    const created = await (
      await open.call('POST', '/api-keyword-watchlist', {
        body: { keywords: ['old topic'], name: 'Mine', fetchFreqInHours: 24 },
        headers: a.keyHeaders,
      })
    ).json();
    const res = await open.call('PATCH', '/api-keyword-watchlist', {
      body: { id: created.id, prompt: `Marine biology labs adopting ${pages.url}/x` },
      headers: a.keyHeaders,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      id: created.id,
      name: 'Mine',
      fetchFreqInHours: 24,
      prompt: `Marine biology labs adopting ${pages.url}/x`,
      message: expect.stringContaining('regenerated from the prompt'),
    });
    const v = await ready(open, a, created.id);
    expect(v.keywords.map((k) => k.keyword)).not.toContain('old topic');
    expect(v.keywords.map((k) => k.keyword).join(' | ')).toMatch(
      /marine biology|zebrafish|workflow/i,
    );
    expect(v.labels.map((l) => l.name)).toEqual(v.keywords.map((k) => k.keyword));
    await expect(
      (async () => {
        const r = await open.call('PATCH', '/api-keyword-watchlist', {
          body: { id: created.id, prompt: '' },
          headers: a.keyHeaders,
        });
        return [r.status, await r.json()];
      })(),
    ).resolves.toEqual([400, { error: "Missing or invalid 'prompt'" }]);
    await open.ctx.db.query('DELETE FROM watchlists');
  });
});

describe('background generation survives a restart', () => {
  async function orphanedPrompt(
    svc: TestService,
    teamId: string,
    claimedSecondsAgo: number | null,
  ) {
    const id = crypto.randomUUID();
    await svc.ctx.db.query(
      `INSERT INTO watchlists (id, team_id, type, name, slug, prompt, prompt_status, prompt_generation, prompt_claimed_until)
       VALUES ($1, $2, 'keyword', 'Orphan', $3, 'Kubernetes security engineers', 'pending', 3,
               CASE WHEN $4::int IS NULL THEN NULL ELSE now() - make_interval(secs => $4::int) END)`,
      [id, teamId, `orphan-${id.slice(0, 8)}`, claimedSecondsAgo],
    );
    return id;
  }

  test('the start-up job takes up pending generations whose claim expired (or never was), once; a live claim is left alone', async () => {
    const job = BACKGROUND_JOBS.find((j) => j.name === 'resume_prompt_watchlists');
    expect(job).toBeDefined();
    const expired = await orphanedPrompt(strict, s.team.id, 120);
    const unclaimed = await orphanedPrompt(strict, s.team.id, null);
    const live = await orphanedPrompt(strict, s.team.id, -30); // claimed until 30 s from now
    await job!.run(strict.ctx);
    for (const id of [expired, unclaimed]) {
      const v = await view(strict, s, id);
      expect(v.prompt_status).toBe('ready');
      expect(v.keywords.map((k) => k.keyword).join(' | ')).toMatch(
        /kubernetes|security engineers/i,
      );
    }
    expect((await view(strict, s, live)).prompt_status).toBe('pending');
    // Nothing left to take up: a second run claims none.
    expect(await resumePendingPrompts(strict.ctx)).toBe(0);
    await strict.ctx.db.query('DELETE FROM watchlists');
  });

  test('a superseded generation (the prompt was replaced) writes nothing', async () => {
    const id = await orphanedPrompt(strict, s.team.id, null);
    await runPromptGeneration(strict.ctx, id, 2); // the row is at generation 3
    const v = await view(strict, s, id);
    expect(v).toMatchObject({ prompt_status: 'pending', keywords: [], labels: [] });
    await runPromptGeneration(strict.ctx, id, 3);
    expect((await view(strict, s, id)).prompt_status).toBe('ready');
    await strict.ctx.db.query('DELETE FROM watchlists');
  });
});
