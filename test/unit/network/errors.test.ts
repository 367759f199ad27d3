import { describe, expect, it } from 'vitest';
import {
  errorFromAnswer,
  NetworkError,
  toTaskError,
  type AnswerFacts,
} from '../../../src/network/errors.js';

// Table "Limit and refusal signals" of docs/network-internal-api.md with its 2026 corrections, one row per case.

const API = 'https://www.linkedin.com/voyager/api/identity/dash/profiles?q=memberIdentity';
const answer = (a: Partial<AnswerFacts>): AnswerFacts => ({
  call: 'profile',
  status: 200,
  url: API,
  contentType: 'application/json',
  body: { data: {} },
  ...a,
});
const errorBody = (status: number, code: string) => ({
  data: { status, code, message: code },
  included: [],
});

describe('errorFromAnswer', () => {
  const cases: Array<[string, Partial<AnswerFacts>, string, boolean]> = [
    ['401', { status: 401 }, 'network_signed_out', false],
    [
      '403 on a profile (private, renamed or blocked): one target, not the session',
      { status: 403, body: errorBody(403, 'FORBIDDEN') },
      'access_denied',
      false,
    ],
    [
      '403 on me: the session itself is refused',
      { call: 'me', status: 403, contentType: 'text/html', body: 'CSRF check failed.' },
      'network_signed_out',
      false,
    ],
    [
      'redirect to the login flow under /checkpoint/lg/',
      {
        url: 'https://www.linkedin.com/checkpoint/lg/login-submit',
        contentType: 'text/html',
        body: '<html>',
      },
      'network_signed_out',
      false,
    ],
    [
      'redirect to /checkpoint/rp/',
      {
        url: 'https://www.linkedin.com/checkpoint/rp/request-password-reset',
        contentType: 'text/html',
        body: '<html>',
      },
      'network_signed_out',
      false,
    ],
    [
      'redirect to /login',
      {
        url: 'https://www.linkedin.com/login?session_redirect=x',
        contentType: 'text/html',
        body: '<html>',
      },
      'network_signed_out',
      false,
    ],
    [
      'redirect to /uas/login',
      { url: 'https://www.linkedin.com/uas/login', contentType: 'text/html', body: '<html>' },
      'network_signed_out',
      false,
    ],
    [
      'redirect to /authwall',
      { url: 'https://www.linkedin.com/authwall?trk=x', contentType: 'text/html', body: '<html>' },
      'network_signed_out',
      false,
    ],
    ['429', { status: 429 }, 'network_rate_limited', false],
    [
      '999',
      { status: 999, contentType: 'text/html', body: 'Request denied' },
      'network_rate_limited',
      false,
    ],
    [
      'redirect to /checkpoint/challenge/',
      {
        url: 'https://www.linkedin.com/checkpoint/challenge/AgH3',
        contentType: 'text/html',
        body: '<html>',
      },
      'network_challenge',
      false,
    ],
    [
      'CHALLENGE code',
      { status: 403, body: errorBody(403, 'CHALLENGE') },
      'network_challenge',
      false,
    ],
    ['404', { status: 404 }, 'not_found', false],
    ['410 (endpoint retired)', { status: 410 }, 'network_changed', false],
    ['400 (stale queryId)', { status: 400, call: 'people_search' }, 'network_changed', false],
    [
      'GraphQL errors inside a 200',
      { body: { errors: [{ message: 'Field entity is invalid' }] } },
      'network_changed',
      false,
    ],
    [
      'GraphQL not-found inside a 200',
      { call: 'like', body: { data: { errors: [{ message: 'Thread not found' }] } } },
      'not_found',
      false,
    ],
    ['500', { status: 503 }, 'network_error', true],
    [
      'HTML where JSON belongs',
      { contentType: 'text/html', body: '<html>' },
      'network_changed',
      false,
    ],
    [
      'invitations CANT_RESEND_YET',
      { call: 'invitation', status: 400, body: errorBody(400, 'CANT_RESEND_YET') },
      'invitation_pending',
      false,
    ],
    [
      'invitations CANT_INVITE_CONNECTION_LIMIT_REACHED',
      {
        call: 'invitation',
        status: 400,
        body: errorBody(400, 'CANT_INVITE_CONNECTION_LIMIT_REACHED'),
      },
      'invitation_limit',
      false,
    ],
    [
      'invitations MAX_INVITATION_SENT',
      { call: 'invitation', status: 400, body: errorBody(400, 'MAX_INVITATION_SENT') },
      'invitation_limit',
      false,
    ],
    ['invitations 429', { call: 'invitation', status: 429 }, 'invitation_limit', false],
    [
      'invitations already connected',
      { call: 'invitation', status: 400, body: errorBody(400, 'CANT_INVITE_ALREADY_CONNECTED') },
      'already_connected',
      false,
    ],
    [
      'invitation 406 (invalid invitation state)',
      { call: 'invitation', status: 406 },
      'invitation_pending',
      false,
    ],
    [
      'message 422 without a code (2026: a non-connection)',
      { call: 'message', status: 422, body: { data: { status: 422 }, included: [] } },
      'not_first_degree',
      false,
    ],
    ['422 elsewhere is not understood', { call: 'comment', status: 422 }, 'network_changed', false],
    [
      'messages to a non-connection',
      { call: 'message', status: 400, body: errorBody(400, 'RECIPIENT_NOT_FIRST_DEGREE') },
      'not_first_degree',
      false,
    ],
  ];
  for (const [name, a, code, retryable] of cases) {
    it(`${name} -> ${code}`, () => {
      const e = errorFromAnswer(answer(a));
      expect(e).toBeInstanceOf(NetworkError);
      expect(e).toMatchObject({ code, retryable });
    });
  }

  it('a JSON success and an empty 201 are not errors', () => {
    expect(errorFromAnswer(answer({}))).toBeNull();
    expect(
      errorFromAnswer(answer({ call: 'like', status: 201, contentType: '', body: '' })),
    ).toBeNull();
  });

  it('a 429 outside invitations is a rate limit, not an invitation limit', () => {
    expect(errorFromAnswer(answer({ call: 'like', status: 429 }))?.code).toBe(
      'network_rate_limited',
    );
  });
});

describe('toTaskError', () => {
  it('keeps a NetworkError as it is', () => {
    expect(toTaskError(new NetworkError('invitation_limit', 'limit'))).toEqual({
      code: 'invitation_limit',
      message: 'limit',
      retryable: false,
    });
  });
  it('an abort is a retryable timeout; a failed fetch a retryable network_error', () => {
    expect(toTaskError(new DOMException('The operation was aborted', 'AbortError'))).toMatchObject({
      code: 'timeout',
      retryable: true,
    });
    expect(toTaskError(new TypeError('fetch failed'))).toMatchObject({
      code: 'network_error',
      retryable: true,
    });
  });
  it('anything else is network_changed, not retryable', () => {
    expect(toTaskError(new RangeError('Invalid time value'))).toMatchObject({
      code: 'network_changed',
      retryable: false,
    });
  });
});

describe('errors carry their HTTP status', () => {
  it('so the call engine can tell "this way is retired" from "this answer was not understood"', () => {
    expect(errorFromAnswer(answer({ status: 410 }))?.status).toBe(410);
    expect(new NetworkError('network_changed', 'unread').status).toBeUndefined();
  });
});
