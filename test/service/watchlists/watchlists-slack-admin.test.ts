import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { insertKeywordWatchlist } from '../../support/collection-fixtures.js';

/**
 * A keyword watchlist's `slack_webhook_url` sends the team's posts out of the service, as a team
 * webhook does: only an admin's sign-in (the key and an admin's agent token) sets or clears it. A
 * key alone of any scope, a member who is not an admin, an `ai` key even with an admin's token, and
 * an assistant over MCP are refused; reading the watchlist is unchanged.
 */

let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;
let bob: TeamMember;
let watchlistId: string;
const keys: Record<'read' | 'write' | 'ai', string> = { read: '', write: '', ai: '' };

const SLACK = 'https://hooks.slack.test/services/T/B/X';
const NEEDS_ADMIN =
  "Access denied: only an admin sets where the team's data is sent (slack_webhook_url): send the team key with an admin's agent token";

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Acme', [
    { email: 'ada@acme.example', role: 'admin' },
    { email: 'bob@acme.example', role: 'member' },
  ]);
  ada = team.member('ada@acme.example');
  bob = team.member('bob@acme.example');
  watchlistId = await insertKeywordWatchlist(svc, team.id, ['robots'], { name: 'Robots' });
  for (const scope of ['read', 'write', 'ai'] as const) {
    const res = await svc.call('POST', '/api-keys', {
      body: { name: `${scope} key`, scope },
      headers: ada.agentHeaders,
    });
    expect(res.status).toBe(201);
    keys[scope] = ((await res.json()) as { api_key: string }).api_key;
  }
});
afterAll(() => svc.close());

const patch = (headers: Record<string, string>, slack: string | null, extra = {}) =>
  svc.call('PATCH', '/api-keyword-watchlist', {
    body: { id: watchlistId, slack_webhook_url: slack, ...extra },
    headers,
  });

async function storedSlack(): Promise<string | null> {
  const [row] = await svc.ctx.db.query<{ slack_webhook_url: string | null }>(
    'SELECT slack_webhook_url FROM watchlists WHERE id = $1',
    [watchlistId],
  );
  return row!.slack_webhook_url;
}

async function expectRefused(res: Response, error: string) {
  expect(res.status).toBe(403);
  expect(((await res.json()) as { error: string }).error).toBe(error);
}

test('a key alone, of any scope, is 403 and changes nothing, set or clear', async () => {
  for (const key of [team.apiKey, keys.write, keys.ai]) {
    await expectRefused(
      await patch({ 'x-api-key': key }, SLACK, { name: 'Renamed' }),
      key === keys.ai
        ? "Access denied: this API key's scope is ai (an AI client never sets where the team's data is sent)"
        : NEEDS_ADMIN,
    );
    await expectRefused(
      await patch({ 'x-api-key': key }, null),
      key === keys.ai
        ? "Access denied: this API key's scope is ai (an AI client never sets where the team's data is sent)"
        : NEEDS_ADMIN,
    );
  }
  await expectRefused(
    await patch({ 'x-api-key': keys.read }, SLACK),
    "Access denied: this API key's scope is read (reads only)",
  );
  expect(await storedSlack()).toBeNull();
  const [row] = await svc.ctx.db.query<{ name: string }>(
    'SELECT name FROM watchlists WHERE id = $1',
    [watchlistId],
  );
  expect(row!.name).toBe('Robots');
});

test('a member who is not an admin is 403; an ai key with an admin’s token is 403', async () => {
  await expectRefused(await patch(bob.agentHeaders, SLACK), NEEDS_ADMIN);
  await expectRefused(
    await patch({ 'x-api-key': keys.ai, authorization: `Bearer ${ada.token}` }, SLACK),
    "Access denied: this API key's scope is ai (an AI client never sets where the team's data is sent)",
  );
  expect(await storedSlack()).toBeNull();
});

test('an admin’s sign-in sets and clears it (200); a write key with the admin’s token too', async () => {
  const set = await patch(ada.agentHeaders, SLACK);
  expect(set.status, await set.clone().text()).toBe(200);
  expect(await set.json()).toMatchObject({ success: true, slack_webhook_url: SLACK });
  expect(await storedSlack()).toBe(SLACK);

  const cleared = await patch(
    { 'x-api-key': keys.write, authorization: `Bearer ${ada.token}` },
    null,
  );
  expect(cleared.status).toBe(200);
  expect(await storedSlack()).toBeNull();
});

test('an expired or unknown token with the key is a 401 saying so', async () => {
  const res = await patch({ 'x-api-key': team.apiKey, authorization: 'Bearer nat_nope' }, SLACK);
  expect(res.status).toBe(401);
  expect(((await res.json()) as { error: string }).error).toBe('Invalid agent token');
});

test('other changes and reads need no admin: a key alone renames, any key reads the URL', async () => {
  const set = await patch(ada.agentHeaders, SLACK);
  expect(set.status).toBe(200);
  const renamed = await svc.call('PATCH', '/api-keyword-watchlist', {
    body: { id: watchlistId, name: 'Robots (EU)' },
    headers: team.keyHeaders,
  });
  expect(renamed.status).toBe(200);
  for (const key of [team.apiKey, keys.read, keys.ai]) {
    const res = await svc.call('GET', `/api-keyword-watchlist?id=${watchlistId}`, {
      headers: { 'x-api-key': key },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Robots (EU)', slack_webhook_url: SLACK });
  }
});

test('over MCP, even with an admin’s token, an assistant cannot set it', async () => {
  const res = await svc.call('POST', '/mcp', {
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'update_keyword_watchlist',
        arguments: { id: watchlistId, slack_webhook_url: 'https://evil.test/hook' },
      },
    },
    headers: { ...ada.agentHeaders, accept: 'application/json, text/event-stream' },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: { isError: boolean; content: { text: string }[] } };
  expect(body.result).toMatchObject({
    isError: true,
    content: [
      {
        text: "Access denied: an AI client never sets where the team's data is sent (slack_webhook_url); an admin sets it in the dashboard",
      },
    ],
  });
  expect(await storedSlack()).toBe(SLACK);
});
