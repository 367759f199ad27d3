import 'fake-indexeddb/auto';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { saveCredentials } from '../../../src/agent/credentials.js';
import { consentController } from '../../../src/popup/consent-controller.js';
import { consentPending, type ConsentState } from '../../../src/popup/consent-view.js';
import type { ActionResult, AgentStatus } from '../../../src/shared/protocol.js';
import type { ConsentView } from '../../../src/contract/consent.js';
import { startLocalHttpServer, type LocalHttpServer } from '../../support/local-http.js';

/**
 * The popup reads the consent again whenever it looks, and a read sent before the member agreed can
 * be answered after the read that followed the agreement (a busy service). That late answer is of
 * an older question: the popup keeps the agreement it showed, and does not ask the member again.
 * Over real HTTP, against a service stand-in that holds its first answer back.
 */

const VERSION = 'consent-v2';
let acknowledged: string | null = null;
const view = (): ConsentView => ({
  version: VERSION,
  text: 'What runs in your name\n\nLikes and comments your team queues.',
  task_types: ['agent_like_post'],
  acknowledged_version: acknowledged,
  acknowledged_at: acknowledged ? new Date().toISOString() : null,
  refused_types: [],
});

/** The first consent read's answer, as the service had it when the read arrived: sent on release. */
let heldRead: { answer: ConsentView; release: () => void } | null = null;
let consentReads = 0;
const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
let server: LocalHttpServer;

beforeAll(async () => {
  server = await startLocalHttpServer((req, res) => {
    if (req.url === '/agent/activity') return json(res, { tasks: [], count: 0 });
    if (req.url === '/agent/consent' && req.method === 'POST') {
      acknowledged = (JSON.parse(req.body) as { version: string }).version;
      return json(res, view());
    }
    if (req.url === '/agent/consent' && req.method === 'GET') {
      consentReads += 1;
      const answer = view();
      if (consentReads === 1) {
        heldRead = { answer, release: () => json(res, answer) };
        return;
      }
      return json(res, answer);
    }
    res.writeHead(404).end();
  });
  await saveCredentials({
    service_url: server.url,
    api_key: 'na_key_test',
    agent_token: 'na_agent_test',
    user: { id: 'u1', email: 'grace@example.com', full_name: 'Grace Hopper' },
    team: { id: 't1', name: 'Compilers' },
    role: 'member',
  });
});
afterAll(() => server?.close());

test('a consent read answered after the agreement does not ask the member again', async () => {
  const model = {
    status: {
      signed_in: true,
      user: { email: 'grace@example.com', full_name: 'Grace Hopper' },
      team: { name: 'Compilers' },
      paused_by_user: false,
    } as AgentStatus,
    consent: null as ConsentState | null,
  };
  const results: ActionResult[] = [];
  const { load, actions } = consentController({
    model,
    act: async (run) => {
      results.push(await run());
    },
    draw: () => {},
  });

  // A look sends a read; the service holds its answer (the text not yet agreed to).
  const late = load();
  await expect.poll(() => heldRead).not.toBeNull();
  // A second look reads it, and the member agrees to what it shows.
  await load(true);
  expect(consentPending(model.consent)).toBe(true);
  actions.agree();
  await expect.poll(() => results.length).toBe(1);
  expect(results[0]).toMatchObject({ ok: true });
  expect(consentPending(model.consent)).toBe(false);

  // The first read's answer arrives last: it is of the state before the agreement.
  expect(heldRead!.answer.acknowledged_version).toBeNull();
  heldRead!.release();
  await late;
  expect(consentPending(model.consent)).toBe(false);
  expect(model.consent?.view?.acknowledged_version).toBe(VERSION);
});
