import type { IncomingMessage } from 'node:http';
import { Answer, fromReply, html, json, NOT_FOUND_PAGE, redirect, text } from './answer.js';
import { SENT_PAGER_ID, WITHDRAW_REQUEST_ID } from './relationships.js';
import { parseCookies, parseQuery } from './request.js';
import { contentSearchStream } from './sdui-content-stream.js';
import { CONTENT_PAGER_ID, PAGINATION_PATH, readContentPagerBody } from './sdui-request.js';
import { contentMatches } from './search.js';
import type { FakeSession } from './session.js';
import { SDUI_VOICE } from './voices.js';

/**
 * The server-driven actions (`/flagship-web/rsc-action/actions/…`): POST from the signed-in page
 * with the csrf-token header (403 without it), the same refusals as the API in each mode. Then the
 * withdrawal request (relationships.ts), and in sdui_2026 the pagers: the invitation manager's sent
 * screen (relationships.ts) and the content search (below).
 */
export function serverDriven(
  s: FakeSession,
  req: IncomingMessage,
  path: string,
  rawQuery: string,
  body: string,
): Answer {
  const { mode } = s;
  const cookies = parseCookies(req.headers.cookie ?? '');
  if (
    cookies.li_at !== s.liAt ||
    !cookies.JSESSIONID ||
    mode === 'signed_out' ||
    mode === 'signed_out_redirect'
  )
    return redirect(`${s.loginPath()}?session_redirect=${encodeURIComponent(path)}`);
  if (req.headers['csrf-token'] !== cookies.JSESSIONID.replace(/^"|"$/g, ''))
    return html('CSRF check failed.', 403);
  if (mode === 'signed_out_login_checkpoint') return redirect('/checkpoint/lg/login-submit');
  if (mode === 'not_found') return text('Not Found', 404);
  if (mode === 'challenge') return redirect('/checkpoint/challenge/AgH3?ut=fake');
  if (mode === 'rate_limited') return text('Too Many Requests', 429);
  if (mode === 'denied') return html('Request denied', 999);
  if (req.method !== 'POST') return text('Method Not Allowed', 405);
  const sduiid = parseQuery(rawQuery).get('sduiid');
  let parsed: Record<string, any>;
  try {
    parsed = JSON.parse(body || 'null');
  } catch {
    return text('body is not JSON', 400);
  }
  if (!parsed || typeof parsed !== 'object') return text('body required', 400);
  if (path === '/flagship-web/rsc-action/actions/server-request' && sduiid === WITHDRAW_REQUEST_ID)
    return fromReply(s.relationships.withdrawServerDriven(parsed));
  if (path === PAGINATION_PATH && s.voice === SDUI_VOICE) {
    if (sduiid === SENT_PAGER_ID) return fromReply(s.relationships.sentScreen(parsed));
    return sduiid === CONTENT_PAGER_ID
      ? contentPager(s, sduiid, parsed)
      : json({ status: 404, message: `Unknown sduiid ${sduiid ?? ''}` }, 404);
  }
  return html(NOT_FOUND_PAGE, 404);
}

/**
 * `POST /flagship-web/rsc-action/actions/pagination?sduiid=com.linkedin.sdui.search.contentSearchResults`
 * (facts, "Server-driven screens (SDUI), measured 2026-10"), sdui_2026 only, past serverDriven's
 * session and csrf checks: 400 for a body not in the facts' shape, then a component stream
 * (sdui-content-stream.ts) of the posts at `startIndex`, at most 10 (the count the facts measured
 * honoured); past the end, none. Sort (facts silent): newest first when `sortBy` holds
 * `date_posted`, else the REST search's "relevance" (most engaged first).
 */
function contentPager(s: FakeSession, sduiid: string, body: unknown): Answer {
  const payload = readContentPagerBody(body, sduiid);
  if ('error' in payload) return json({ status: 400, message: payload.error }, 400);
  const params = new Map<string, string[]>([
    ['sortBy', payload.sortBy.includes('date_posted') ? ['date_posted'] : []],
  ]);
  if (payload.datePosted) params.set('datePosted', [payload.datePosted]);
  const matches = contentMatches(s, {
    resultType: 'CONTENT',
    keywords: payload.keywords,
    params,
    start: payload.startIndex,
    count: payload.count,
  });
  const posts = matches.slice(payload.startIndex, payload.startIndex + Math.min(payload.count, 10));
  const stream = contentSearchStream(
    {
      posts,
      startIndex: payload.startIndex,
      keywords: payload.keywords,
      last: payload.startIndex + posts.length >= matches.length,
      changed: s.mode === 'changed_shapes',
    },
    s.dataset,
  );
  return new Answer(200, stream, { 'content-type': 'text/x-component' });
}
