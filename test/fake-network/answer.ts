import type { Reply } from './inbox.js';
import * as shapes from './shapes.js';

/** What the fake network sends back for one request: status, body (JSON or text) and headers. */
export class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string | string[]> = {},
  ) {}
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Answer(status, body, { 'content-type': 'application/json; charset=utf-8', ...headers });
export const html = (body: string, status = 200, headers: Record<string, string | string[]> = {}) =>
  new Answer(status, body, { 'content-type': 'text/html; charset=utf-8', ...headers });
export const text = (body: string, status: number) =>
  new Answer(status, body, { 'content-type': 'text/plain' });
export const redirect = (location: string, headers: Record<string, string | string[]> = {}) =>
  new Answer(302, '', { location, ...headers });
/** A reply of inbox.ts or relationships.ts: JSON, or a component stream when its body is text. */
export const fromReply = (r: Reply) =>
  typeof r.body === 'string'
    ? new Answer(r.status, r.body, {
        'content-type': r.status === 200 ? 'text/x-component' : 'text/plain; charset=utf-8',
      })
    : json(r.body, r.status);
/** The network's error body (`{data: {$type, status, code?, message}, included: []}`). */
export const apiError = (status: number, code?: string, message?: string) =>
  json(shapes.errorBody(status, code, message), status);
export const noRoute = (method: string, route: string) =>
  apiError(404, undefined, `No route ${method} ${route}`);

export function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}
export const SIGN_IN_PAGE = page(
  'LinkedIn Login, Sign in | LinkedIn',
  '<h1>Sign in</h1><form method="post" action="/checkpoint/lg/login-submit"><input name="session_key"><input name="session_password" type="password"></form>',
);
export const NOT_FOUND_PAGE = page('Page not found', '<h1>Page not found</h1>');
