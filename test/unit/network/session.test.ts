import { describe, expect, it } from 'vitest';
import { encodeRestliString, restli } from '../../../src/network/query.js';
import {
  createNetworkFetch,
  csrfTokenFromCookies,
  networkHeaders,
  readCookie,
  type NetworkRequest,
} from '../../../src/network/session.js';
import { fixtureNetwork, SIGNED_IN_COOKIES } from './fixture-fetch.js';

describe('csrf token', () => {
  it('is the JSESSIONID value without its quotes', () => {
    expect(
      csrfTokenFromCookies('lang=v=2&lang=en-us; JSESSIONID="ajax:4815162342"; bcookie="v=2&x"'),
    ).toBe('ajax:4815162342');
    expect(csrfTokenFromCookies('JSESSIONID=ajax:1')).toBe('ajax:1');
    expect(csrfTokenFromCookies('li_gc=1; lang=en')).toBeNull();
    expect(csrfTokenFromCookies('JSESSIONID=""')).toBeNull();
  });
  it('reads a cookie whose value contains =', () => {
    expect(readCookie('lang=v=2&lang=en-us', 'lang')).toBe('v=2&lang=en-us');
  });
});

describe('headers', () => {
  it('are the ones the web app sends', () => {
    const h = networkHeaders('ajax:1', 'normalized');
    expect(h).toMatchObject({
      'csrf-token': 'ajax:1',
      'x-restli-protocol-version': '2.0.0',
      'x-li-lang': 'en_US',
      accept: 'application/vnd.linkedin.normalized+json+2.1',
    });
    expect(JSON.parse(h['x-li-track']!)).toMatchObject({
      osName: 'web',
      deviceFormFactor: 'DESKTOP',
      mpName: 'voyager-web',
    });
    expect(h['x-li-page-instance']).toMatch(/^urn:li:page:d_flagship3_feed;[A-Za-z0-9+/]{22}==$/);
    expect(networkHeaders('ajax:1', 'json').accept).toBe('application/json');
  });
});

describe('server-driven calls', () => {
  it('go to /flagship-web/rsc-action/actions/<action> with the csrf token, a JSON body, and the page’s own x-li-* values only where the page states them', async () => {
    const stream = '0:["$","div",null,{"children":"hello"}]\n';
    const net = fixtureNetwork([
      [/flagship-web/, { text: stream, contentType: 'text/x-component' }],
    ]);
    const fetch = createNetworkFetch({
      fetchImpl: net.fetchImpl,
      cookies: () => SIGNED_IN_COOKIES,
    });
    const request: NetworkRequest = {
      call: 'content_search',
      method: 'POST',
      kind: 'sdui',
      path: 'pagination?sduiid=com.linkedin.sdui.x',
      body: { pagerId: 'x' },
      accept: 'json',
    };
    expect(await fetch(request)).toMatchObject({ status: 200, json: null, text: stream });
    expect(String(net.calls[0]!.url)).toBe(
      'https://www.linkedin.com/flagship-web/rsc-action/actions/pagination?sduiid=com.linkedin.sdui.x',
    );
    expect(net.calls[0]!.headers).toEqual({
      'csrf-token': 'ajax:4815162342',
      'content-type': 'application/json; charset=UTF-8',
    });
    expect(net.calls[0]!.body).toEqual({ pagerId: 'x' });

    // In the tab: the page's client version, page key and language, read from the page itself.
    const meta: Record<string, string> = {
      clientVersion: '1.13.51234',
      pageKey: 'd_flagship3_search_srp_content',
    };
    const g = globalThis as { document?: unknown };
    g.document = {
      querySelector: (s: string) => ({
        getAttribute: () => meta[/name="(\w+)"/.exec(s)![1]!] ?? null,
      }),
      documentElement: { getAttribute: () => 'en-GB' },
    };
    try {
      await fetch(request);
    } finally {
      delete g.document;
    }
    const h = net.calls[1]!.headers;
    expect(JSON.parse(h['x-li-track']!)).toMatchObject({
      clientVersion: '1.13.51234',
      mpVersion: '1.13.51234',
      osName: 'web',
    });
    expect(h['x-li-page-instance']).toMatch(
      /^urn:li:page:d_flagship3_search_srp_content;[A-Za-z0-9+/]{22}==$/,
    );
    expect(h['x-li-lang']).toBe('en_GB');
    expect(h['x-restli-protocol-version']).toBeUndefined();
  });
});

describe('query strings', () => {
  it('keep tuples and lists unencoded and encode the values inside, reserved characters included', () => {
    expect(
      restli({ start: 0, query: { keywords: "a (b), c: d's", list: ['F', 'S'] }, flag: false }),
    ).toBe('(start:0,query:(keywords:a%20%28b%29%2C%20c%3A%20d%27s,list:List(F,S)),flag:false)');
    expect(encodeRestliString('100%*!')).toBe('100%25%2A%21');
  });
});

const get = (call: NetworkRequest['call'], path: string): NetworkRequest => ({
  call,
  method: 'GET',
  path,
  accept: 'normalized',
});

describe('networkFetch', () => {
  it('calls /voyager/api/<path> with the headers, credentials included and redirects followed', async () => {
    const net = fixtureNetwork([
      ['identity/profiles/ada/networkinfo', { json: { data: { followersCount: 1 } } }],
    ]);
    const fetch = createNetworkFetch({
      fetchImpl: net.fetchImpl,
      cookies: () => SIGNED_IN_COOKIES,
    });
    const answer = await fetch(get('profile_relationship', 'identity/profiles/ada/networkinfo'));
    expect(answer).toEqual({
      status: 200,
      json: { data: { followersCount: 1 } },
      headers: { 'content-type': 'application/json' },
    });
    const call = net.calls[0]!;
    expect(String(call.url)).toBe(
      'https://www.linkedin.com/voyager/api/identity/profiles/ada/networkinfo',
    );
    expect(call.init).toMatchObject({ method: 'GET', credentials: 'include', redirect: 'follow' });
    expect(call.headers['csrf-token']).toBe('ajax:4815162342');
    // In the tab the browser attaches cookies itself; no Cookie header is set by us.
    expect(call.headers.cookie).toBeUndefined();
  });

  it('without a JSESSIONID cookie is signed out without calling', async () => {
    const net = fixtureNetwork([]);
    const fetch = createNetworkFetch({ fetchImpl: net.fetchImpl, cookies: () => 'lang=en' });
    await expect(fetch(get('me', 'me'))).rejects.toMatchObject({ code: 'network_signed_out' });
    expect(net.calls).toHaveLength(0);
  });

  it('detects a login redirect from the final URL of a followed redirect', async () => {
    const net = fixtureNetwork([
      [
        'me',
        {
          text: '<html>Sign in</html>',
          finalUrl: 'https://www.linkedin.com/login?session_redirect=%2Fvoyager%2Fapi%2Fme',
        },
      ],
    ]);
    const fetch = createNetworkFetch({
      fetchImpl: net.fetchImpl,
      cookies: () => SIGNED_IN_COOKIES,
    });
    await expect(fetch(get('me', 'me'))).rejects.toMatchObject({ code: 'network_signed_out' });
  });

  it('a rejected fetch is network_error; an aborted one is timeout', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(
      createNetworkFetch({ fetchImpl: failing, cookies: () => SIGNED_IN_COOKIES })(get('me', 'me')),
    ).rejects.toMatchObject({ code: 'network_error', retryable: true });
    const hanging = ((_: string, init: RequestInit) =>
      new Promise((_r, reject) =>
        init.signal!.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        ),
      )) as unknown as typeof fetch;
    const controller = new AbortController();
    const pending = createNetworkFetch({ fetchImpl: hanging, cookies: () => SIGNED_IN_COOKIES })(
      get('me', 'me'),
      controller.signal,
    );
    controller.abort(new Error('deadline'));
    await expect(pending).rejects.toMatchObject({ code: 'timeout', retryable: true });
  });
});
