import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn } from '../../support/sign-in.js';
import {
  findTeamByApiKey,
  revealApiKey,
  rotateApiKey,
} from '../../../src/service/teams/api-keys.js';
import { sha256 } from '../../../src/service/security/crypto.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

describe('team API keys', () => {
  it('are stored as a hash and a sealed copy, never in plain text', async () => {
    const s = await signIn(svc, 'keys-store@example.com');
    const [row] = await svc.ctx.db.query<{
      t: string;
      api_key_hash: Uint8Array;
      api_key_encrypted: string;
    }>('SELECT teams::text AS t, api_key_hash, api_key_encrypted FROM teams WHERE id = $1', [
      s.team.id,
    ]);
    expect(row!.t).not.toContain(s.apiKey);
    expect(row!.t).not.toContain(s.apiKey.slice(4));
    expect(Buffer.from(row!.api_key_hash).equals(sha256(s.apiKey))).toBe(true);
    expect(row!.api_key_encrypted).not.toContain(s.apiKey.slice(4));
    expect(await revealApiKey(svc.ctx.db, svc.ctx.secretKey, s.team.id)).toBe(s.apiKey);
    // Sealed with SECRET_KEY: another key cannot open it.
    await expect(revealApiKey(svc.ctx.db, Buffer.alloc(32, 7), s.team.id)).rejects.toThrow();
  });

  it('look-up refuses malformed and unknown keys', async () => {
    const s = await signIn(svc, 'keys-lookup@example.com');
    expect((await findTeamByApiKey(svc.ctx.db, s.apiKey))?.id).toBe(s.team.id);
    for (const bad of [
      '',
      s.apiKey.slice(4),
      s.apiKey.slice(0, -1),
      s.apiKey + 'x',
      'nak_' + 'A'.repeat(43),
      "nak_' OR 1=1 --",
      'nak_' + 'A'.repeat(500),
      s.apiKey.toUpperCase(),
    ]) {
      expect(await findTeamByApiKey(svc.ctx.db, bad)).toBeNull();
    }
  });

  it('keyed endpoints answer 401 Missing API Key / Invalid API Key', async () => {
    const s = await signIn(svc, 'keys-http@example.com');
    const auth = { authorization: `Bearer ${s.agentToken}` };
    let res = await svc.call('GET', '/api-team', { headers: auth });
    expect([res.status, await res.json()]).toEqual([401, { error: 'Missing API Key' }]);
    res = await svc.call('GET', '/api-team', { headers: { ...auth, 'x-api-key': '   ' } });
    expect([res.status, await res.json()]).toEqual([401, { error: 'Missing API Key' }]);
    for (const key of [
      'garbage',
      s.apiKey.slice(0, -2),
      'nak_' + 'z'.repeat(43),
      'x'.repeat(5000),
    ]) {
      res = await svc.call('GET', '/api-team', { headers: { ...auth, 'x-api-key': key } });
      expect([res.status, await res.json()]).toEqual([401, { error: 'Invalid API Key' }]);
    }
    res = await svc.call('GET', '/api-team', {
      headers: { ...auth, 'x-api-key': ` ${s.apiKey} ` },
    });
    expect(res.status).toBe(200);
  });

  it('rotation replaces the key at once, and only for that team', async () => {
    const a = await signIn(svc, 'keys-rot-a@example.com');
    const b = await signIn(svc, 'keys-rot-b@example.com');
    await svc.ctx.db.query(
      `UPDATE teams SET api_key_rotated_at = now() - interval '1 day' WHERE id = $1`,
      [a.team.id],
    );
    const key = await rotateApiKey(svc.ctx.db, svc.ctx.secretKey, a.team.id);
    expect(await findTeamByApiKey(svc.ctx.db, a.apiKey)).toBeNull();
    expect((await findTeamByApiKey(svc.ctx.db, key))?.id).toBe(a.team.id);
    expect(await revealApiKey(svc.ctx.db, svc.ctx.secretKey, a.team.id)).toBe(key);
    expect((await findTeamByApiKey(svc.ctx.db, b.apiKey))?.id).toBe(b.team.id);
    const [after] = await svc.ctx.db.query<{ fresh: boolean }>(
      `SELECT api_key_rotated_at > now() - interval '1 minute' AS fresh FROM teams WHERE id = $1`,
      [a.team.id],
    );
    expect(after!.fresh).toBe(true);
    await expect(rotateApiKey(svc.ctx.db, svc.ctx.secretKey, crypto.randomUUID())).rejects.toThrow(
      /not found/,
    );
  });
});
