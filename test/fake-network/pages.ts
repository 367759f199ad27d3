import { type Answer, html, NOT_FOUND_PAGE, page, redirect, SIGN_IN_PAGE } from './answer.js';
import { parseQuery } from './request.js';
import type { FakeSession } from './session.js';

/**
 * The pages a browser opens (everything outside `/voyager/api/`, `/flagship-web/` and `/__fake/`):
 * signed in, `/`, `/feed/`, `/in/…`, `/company/…` and `/messaging/…` set the session cookies; the
 * mode decides whether they sign the member out, send them to a sign-in page or to a security check.
 */
export function pageAnswer(s: FakeSession, path: string, rawQuery: string): Answer {
  if (
    path === '/login' ||
    path.startsWith('/login') ||
    path === '/uas/login' ||
    path.startsWith('/uas/login')
  )
    return html(SIGN_IN_PAGE);
  // The ordinary login flow lives under /checkpoint/ too (/checkpoint/lg/…, /checkpoint/rp/…): a
  // sign-in page. Only /checkpoint/challenge/… is a security check (facts, "Newer evidence").
  if (path.startsWith('/checkpoint/lg/') || path.startsWith('/checkpoint/rp/'))
    return html(SIGN_IN_PAGE);
  if (path.startsWith('/checkpoint/'))
    return html(
      page(
        'Security Verification',
        '<h1>Let’s do a quick security check</h1><div id="captcha"></div>',
      ),
    );
  if (path.startsWith('/search/results/')) {
    s.state.searchHistory.push({
      path,
      rawQuery,
      keywords: parseQuery(rawQuery).get('keywords') ?? null,
    });
    return html(
      page('Search | LinkedIn', '<h1>Search results</h1><div id="search-results"></div>'),
    );
  }
  if (
    path === '/' ||
    path === '/feed' ||
    path === '/feed/' ||
    path.startsWith('/in/') ||
    path.startsWith('/company/') ||
    path.startsWith('/messaging')
  ) {
    if (s.mode === 'signed_out')
      return path === '/'
        ? html(page('Welcome', '<h1>Welcome to your professional community</h1>'), 200, {
            'set-cookie': s.clearedCookies,
          })
        : redirect(s.loginPath(), { 'set-cookie': s.clearedCookies });
    if (s.mode === 'signed_out_login_checkpoint') return redirect('/checkpoint/lg/login-submit');
    if (s.mode === 'challenge') return redirect('/checkpoint/challenge/AgH3', {});
    if (path.startsWith('/messaging'))
      return html(s.inbox.page(), 200, { 'set-cookie': s.sessionCookies });
    const self = s.dataset.self;
    return html(
      page('Feed', `<h1>Feed</h1><p id="me">${self.firstName} ${self.lastName}</p>`),
      200,
      { 'set-cookie': s.sessionCookies },
    );
  }
  return html(NOT_FOUND_PAGE, 404);
}
