import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { Answer } from './answer.js';
import { control } from './control.js';
import type { FakeDataset } from './dataset.js';
import { driftAnswerBody, driftStream, type FakeDrift } from './drifts.js';
import type { FakeAccountOptions } from './member-identity.js';
import type { InboxConversation } from './inbox.js';
import { pageAnswer } from './pages.js';
import { parseQuery } from './request.js';
import { voyagerApi } from './rest.js';
import { parseBody } from './sdui-request.js';
import { serverDriven } from './server-driven.js';
import { type FakeMode, FakeSession, type FakeState } from './session.js';
import { driftDecorate, type FakeVoice } from './voices.js';

export { ALL_FAKE_VOICES, FAKE_VOICES, SDUI_VOICE, type FakeVoice } from './voices.js';
export { FAKE_DRIFTS, type FakeDrift } from './drifts.js';
export { FAKE_MODES, type FakeMode, type FakeState } from './session.js';

/**
 * A local HTTPS server that answers as www.linkedin.com does for everything our extension touches:
 * pages that set the session cookies, the `/voyager/api/` endpoints with their real paths, query
 * shapes, csrf check and normalised JSON, and the network's refusal signals, switchable per test.
 * It speaks one of five voices (voices.ts; README.md has the table): `today`, `drifted`, `paged`,
 * `measured_2026`, `sdui_2026` (the server-driven pager, server-driven.ts). Every choice follows
 * docs/network-internal-api.md; where the facts leave a detail open, the comment says which fact
 * was followed.
 * Chromium reaches it with `--host-resolver-rules=MAP www.linkedin.com 127.0.0.1:PORT
 * --ignore-certificate-errors`; Node tests call it with the cookie header of `fake.cookieHeader`.
 *
 * This file only composes the areas (README.md, "Layout"): session.ts holds what the network
 * remembers, pages.ts the pages, rest.ts / graphql.ts / search.ts the reads, writes.ts the writes,
 * server-driven.ts the `/flagship-web/` actions, control.ts the `/__fake/*` test controls.
 */

export interface FakeNetwork {
  port: number;
  url: string;
  /** PEM of the self-signed certificate (for clients that trust it instead of ignoring errors). */
  cert: string;
  /** What a browser's cookie jar holds after visiting `/feed/` signed in. */
  cookieHeader: string;
  csrfToken: string;
  dataset: FakeDataset;
  state: FakeState;
  mode: () => FakeMode;
  setMode: (mode: FakeMode, options?: { delayMs?: number }) => void;
  /** API calls `slow` mode holds now: a task's call is under way in its tab. */
  heldCalls: () => number;
  voice: () => FakeVoice;
  setVoice: (voice: FakeVoice) => void;
  /** The release the network answers as (drifts.ts): `none`, or one change the map must follow. */
  drift: () => FakeDrift;
  setDrift: (drift: FakeDrift) => void;
  /** Mode, drift, dataset and state back to the start; the voice stays. */
  reset: () => void;
  /** A pending invitee accepts: a first-degree connection made now (`at`), first among RECENTLY_ADDED. */
  accept: (identity: string, at?: number) => void;
  /** A person writes to the member: a message in their conversation (made if none), unread. */
  reply: (identity: string, text: string, at?: number) => string;
  /** The member's conversations (inbox.ts), oldest message first in each. */
  conversations: () => InboxConversation[];
  close: () => Promise<void>;
}

export async function startFakeNetwork(
  options: {
    port?: number;
    host?: string;
    voice?: FakeVoice;
    drift?: FakeDrift;
  } & FakeAccountOptions = {},
): Promise<FakeNetwork> {
  const pems = await generate([{ name: 'commonName', value: 'www.linkedin.com' }], {
    keySize: 2048,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'www.linkedin.com' },
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  } as Parameters<typeof generate>[1]);
  const s = new FakeSession(options);

  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    handle(s, req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err?.stack ?? err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `https://127.0.0.1:${port}`,
    cert: pems.cert,
    cookieHeader: s.cookieHeader,
    csrfToken: s.csrfToken,
    get dataset() {
      return s.dataset;
    },
    state: s.state,
    mode: () => s.mode,
    setMode: (mode, opts) => s.setMode(mode, opts),
    heldCalls: () => s.heldCalls,
    voice: () => s.voice,
    setVoice: (voice) => s.setVoice(voice),
    drift: () => s.drift,
    setDrift: (drift) => s.setDrift(drift),
    reset: () => s.reset(),
    accept: (identity, at) => {
      s.relationships.accept(identity, at);
    },
    reply: (identity, text, at) => s.reply(identity, text, at),
    conversations: () => s.conversations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * One request: `/__fake/*` to the controls; the API and the server-driven actions recorded in
 * `state`, answered, then changed by the drift and the voice as the network would change them;
 * everything else a page.
 */
async function handle(s: FakeSession, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = req.url ?? '/';
  const qAt = raw.indexOf('?');
  const path = qAt < 0 ? raw : raw.slice(0, qAt);
  const rawQuery = qAt < 0 ? '' : raw.slice(qAt + 1);
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  let answer: Answer;
  if (path.startsWith('/__fake/')) answer = control(s, req.method ?? 'GET', path, body);
  else {
    const apiCall =
      path.startsWith('/voyager/api/') || path.startsWith('/flagship-web/rsc-action/');
    if (s.mode === 'slow' && s.delayMs > 0) {
      if (apiCall) s.heldCalls++;
      await new Promise((r) => setTimeout(r, s.delayMs));
      if (apiCall) s.heldCalls--;
    }
    if (apiCall) {
      const entry = {
        method: req.method ?? 'GET',
        path,
        rawQuery,
        headers: req.headers,
        status: 0,
      };
      s.state.requests.push(entry);
      try {
        answer = path.startsWith('/voyager/api/')
          ? voyagerApi(s, req, path, rawQuery, body)
          : serverDriven(s, req, path, rawQuery, body);
      } catch (err) {
        answer = new Answer(500, String((err as Error)?.stack ?? err), {
          'content-type': 'text/plain',
        });
      }
      answer = released(s, answer);
      entry.status = answer.status;
      if (path.startsWith('/flagship-web/')) {
        s.state.sduiRequests.push({
          method: entry.method,
          path,
          sduiid: parseQuery(rawQuery).get('sduiid') ?? null,
          headers: req.headers,
          body: parseBody(body),
          status: answer.status,
        });
      }
    } else answer = pageAnswer(s, path, rawQuery);
  }
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  res.writeHead(answer.status, answer.headers);
  res.end(text);
}

/** A successful answer as the drift (a release later) and the `drifted` voice change it. */
function released(s: FakeSession, answer: Answer): Answer {
  const success = answer.status >= 200 && answer.status < 300;
  let out = answer;
  if (success && s.drift !== 'none') {
    if (out.body && typeof out.body === 'object')
      out = new Answer(
        out.status,
        driftAnswerBody(s.drift, structuredClone(out.body)),
        out.headers,
      );
    else if (typeof out.body === 'string')
      out = new Answer(out.status, driftStream(s.drift, out.body), out.headers);
  }
  if (s.voice === 'drifted' && success && out.body && typeof out.body === 'object')
    out = new Answer(out.status, driftDecorate(structuredClone(out.body)), out.headers);
  return out;
}
