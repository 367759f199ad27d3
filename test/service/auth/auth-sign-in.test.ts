import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn } from '../../support/sign-in.js';
import { VerifyOtpResponse } from '../../../src/contract/auth.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

describe('auth-verify-otp: teams at sign-in', () => {
  it('a new user gets a team named after them, is its admin, and the team key works', async () => {
    const s = await signIn(svc, 'Ada@Example.com', 'Ada Lovelace');
    expect(s.user).toMatchObject({ email: 'ada@example.com', full_name: 'Ada Lovelace' });
    expect(s.team.name).toBe("Ada Lovelace's team");
    expect(s.role).toBe('admin');
    expect(s.apiKey).toMatch(/^nak_/);
    expect(s.agentToken).toMatch(/^nat_/);
    const [m] = await svc.ctx.db.query<{ role: string; team_id: string }>(
      'SELECT role, team_id FROM memberships WHERE user_id = $1',
      [s.user.id],
    );
    expect(m).toEqual({ role: 'admin', team_id: s.team.id });
    const res = await svc.call('GET', '/api-tasks', { headers: s.keyHeaders });
    expect(res.status).toBe(200);
  });

  it('the verify answer matches the contract', async () => {
    await svc.call('POST', '/network-agent/auth-send-otp', {
      body: { email: 'shape@example.com' },
    });
    const otp = await svc.latestCode('shape@example.com');
    const res = await svc.call('POST', '/network-agent/auth-verify-otp', {
      body: { email: 'shape@example.com', otp },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(z.strictObject(VerifyOtpResponse.shape).parse(body)).toBeTruthy();
    expect(body.team.name).toBe("shape's team");
  });

  it('an existing user gets the same team and key back, and a new agent token', async () => {
    const first = await signIn(svc, 'grace@example.com', 'Grace Hopper');
    const again = await signIn(svc, 'grace@example.com');
    expect(again.team).toEqual(first.team);
    expect(again.apiKey).toBe(first.apiKey);
    expect(again.user).toEqual(first.user);
    expect(again.agentToken).not.toBe(first.agentToken);
    const teams = await svc.ctx.db.query('SELECT team_id FROM memberships WHERE user_id = $1', [
      first.user.id,
    ]);
    expect(teams).toHaveLength(1);
  });
});
