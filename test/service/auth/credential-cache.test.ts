// Either database: pure functions of the service, no database at all.
import { describe, expect, it } from 'vitest';
import { ActivityMarks, MARK_EVERY_MS } from '../../../src/service/auth/activity-marks.js';
import {
  CREDENTIALS_TTL_MS,
  CredentialCache,
  TRUSTED_TTL_MS,
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
  it('keeps a verified key and token for a few seconds while a change could be missed', () => {
    const c = new CredentialCache(() => false);
    c.rememberTeam(hash('key'), team, c.generation, 1_000);
    c.rememberAgent(hash('tok'), 't1', agent('u1'), c.generation, Infinity, 1_000);
    expect(c.team(hash('key'), 1_000 + CREDENTIALS_TTL_MS - 1)).toEqual(team);
    expect(c.agent(hash('tok'), 't1', 1_000 + CREDENTIALS_TTL_MS - 1)?.userId).toBe('u1');
    expect(c.agent(hash('tok'), 'another-team', 1_000)).toBeUndefined();
    expect(c.team(hash('key'), 1_000 + CREDENTIALS_TTL_MS)).toBeUndefined();
    expect(c.agent(hash('tok'), 't1', 1_000 + CREDENTIALS_TTL_MS)).toBeUndefined();
  });

  it('keeps them for minutes while every change is sure to arrive, never past the token’s end', () => {
    let trusted = true;
    const c = new CredentialCache(() => trusted);
    c.rememberTeam(hash('key'), team, c.generation, 0);
    c.rememberAgent(hash('tok'), 't1', agent('u1'), c.generation, Infinity, 0);
    c.rememberAgent(hash('ends'), 't1', agent('u2'), c.generation, 60_000, 0);
    c.rememberConsented('t1', 'u1', c.generation, 0);
    expect(c.team(hash('key'), TRUSTED_TTL_MS - 1)).toEqual(team);
    expect(c.agent(hash('tok'), 't1', TRUSTED_TTL_MS - 1)?.userId).toBe('u1');
    expect(c.hasConsented('t1', 'u1', TRUSTED_TTL_MS - 1)).toBe(true);
    expect(c.agent(hash('tok'), 't1', TRUSTED_TTL_MS)).toBeUndefined();
    expect(c.agent(hash('ends'), 't1', 59_999)?.userId).toBe('u2');
    expect(c.agent(hash('ends'), 't1', 60_000)).toBeUndefined();
    // Changes may be missed (the LISTEN connection dropped): the instance empties the cache.
    trusted = false;
    c.rememberAgent(hash('tok'), 't1', agent('u1'), c.generation, Infinity, 0);
    c.clear();
    expect(c.agent(hash('tok'), 't1', 1)).toBeUndefined();
    expect(c.team(hash('key'), 1)).toBeUndefined();
  });

  it('never keeps a rotated-out key past its deadline, nor past a rotation', () => {
    const c = new CredentialCache(() => true);
    c.rememberRetiredTeam(hash('old'), team, c.generation, 60_000, 0);
    c.rememberRetiredTeam(hash('older'), team, c.generation, Infinity, 0);
    expect(c.retiredTeam(hash('old'), 59_999)).toEqual(team);
    expect(c.retiredTeam(hash('old'), 60_000)).toBeUndefined();
    expect(c.retiredTeam(hash('older'), TRUSTED_TTL_MS - 1)).toEqual(team);
    c.forget({ team: 't1' });
    expect(c.retiredTeam(hash('older'), 1)).toBeUndefined();
  });

  it('does not remember a look-up that began before a change: its answer may predate it', () => {
    const c = new CredentialCache(() => true);
    const seen = c.generation;
    c.forget({ user: 'u1' });
    c.rememberAgent(hash('tok'), 't1', agent('u1'), seen, Infinity);
    c.rememberTeam(hash('key'), team, seen);
    c.rememberConsented('t1', 'u1', seen);
    expect(c.agent(hash('tok'), 't1')).toBeUndefined();
    expect(c.team(hash('key'))).toBeUndefined();
    expect(c.hasConsented('t1', 'u1')).toBe(false);
  });

  it('forgets at once what a change withdraws: a team key, a user, one token', () => {
    const c = new CredentialCache();
    c.rememberTeam(hash('key'), team, c.generation);
    c.rememberAgent(hash('a'), 't1', agent('u1'), c.generation, Infinity);
    c.rememberAgent(hash('b'), 't1', agent('u2'), c.generation, Infinity);
    c.rememberConsented('t1', 'u1', c.generation);
    c.rememberConsented('t1', 'u2', c.generation);
    c.forget({ user: 'u1' });
    expect(c.agent(hash('a'), 't1')).toBeUndefined();
    expect(c.hasConsented('t1', 'u1')).toBe(false);
    expect(c.agent(hash('b'), 't1')).toBeDefined();
    expect(c.hasConsented('t1', 'u2')).toBe(true);
    c.forget({ token: hash('b').toString('hex') });
    expect(c.agent(hash('b'), 't1')).toBeUndefined();
    c.rememberAgent(hash('b'), 't1', agent('u2'), c.generation, Infinity);
    c.forget({ team: 't1' });
    expect(c.team(hash('key'))).toBeUndefined();
    expect(c.agent(hash('b'), 't1')).toBeUndefined();
    expect(c.hasConsented('t1', 'u2')).toBe(false);
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
