import { describe, expect, it } from 'vitest';
import { ActivityMarks, MARK_EVERY_MS } from '../../../src/service/auth/activity-marks.js';
import {
  CREDENTIALS_TTL_MS,
  CredentialCache,
  parseCredentialChange,
} from '../../../src/service/auth/credential-cache.js';

const hash = (s: string) => Buffer.from(s.padEnd(32, '0'));
const team = { id: 't1', name: 'T', plan: 'free' };
const agent = (userId: string) => ({
  userId,
  email: `${userId}@x.test`,
  fullName: userId,
  role: 'member' as const,
  tokenHash: hash(userId),
});

describe('CredentialCache', () => {
  it('keeps a verified key and token for a few seconds only', () => {
    const c = new CredentialCache();
    c.rememberTeam(hash('key'), team, 1_000);
    c.rememberAgent(hash('tok'), 't1', agent('u1'), 1_000);
    expect(c.team(hash('key'), 1_000 + CREDENTIALS_TTL_MS - 1)).toEqual(team);
    expect(c.agent(hash('tok'), 't1', 1_000 + CREDENTIALS_TTL_MS - 1)?.userId).toBe('u1');
    expect(c.agent(hash('tok'), 'another-team', 1_000)).toBeUndefined();
    expect(c.team(hash('key'), 1_000 + CREDENTIALS_TTL_MS)).toBeUndefined();
    expect(c.agent(hash('tok'), 't1', 1_000 + CREDENTIALS_TTL_MS)).toBeUndefined();
  });

  it('forgets at once what a change withdraws: a team key, a user, one token', () => {
    const c = new CredentialCache();
    c.rememberTeam(hash('key'), team);
    c.rememberAgent(hash('a'), 't1', agent('u1'));
    c.rememberAgent(hash('b'), 't1', agent('u2'));
    c.forget({ user: 'u1' });
    expect(c.agent(hash('a'), 't1')).toBeUndefined();
    expect(c.agent(hash('b'), 't1')).toBeDefined();
    c.forget({ token: hash('b').toString('hex') });
    expect(c.agent(hash('b'), 't1')).toBeUndefined();
    c.rememberAgent(hash('b'), 't1', agent('u2'));
    c.forget({ team: 't1' });
    expect(c.team(hash('key'))).toBeUndefined();
    expect(c.agent(hash('b'), 't1')).toBeUndefined();
  });

  it('reads the changes other instances announce, and ignores anything else on the channel', () => {
    expect(parseCredentialChange('{"team":"t1"}')).toEqual({ team: 't1' });
    expect(parseCredentialChange('{"user":"u1"}')).toEqual({ user: 'u1' });
    expect(parseCredentialChange('not json')).toBeNull();
    expect(parseCredentialChange('{"other":1}')).toBeNull();
  });
});

describe('ActivityMarks', () => {
  it('a member is marked at most once per interval; a failed write is marked again next time', () => {
    const m = new ActivityMarks();
    expect(m.due('t', 'u', 0)).toBe(true);
    expect(m.due('t', 'u', MARK_EVERY_MS - 1)).toBe(false);
    expect(m.due('t', 'other', 10)).toBe(true);
    expect(m.due('t', 'u', MARK_EVERY_MS)).toBe(true);
    m.undo('t', 'u');
    expect(m.due('t', 'u', MARK_EVERY_MS + 1)).toBe(true);
  });
});
