import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/test-service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
});

type Op = {
  operationId: string;
  security: Record<string, string[]>[];
  requestBody?: { content: { 'application/json': { schema: { properties: Record<string, unknown>; required?: string[] } } } };
  parameters?: { name: string; in: string; required: boolean }[];
  responses: Record<string, { content?: { 'application/json': { schema: { properties?: Record<string, unknown> } } } }>;
};

describe('/openapi.json documents sign-in and team members', () => {
  it('has both OTP operations without a key, with their bodies and error answers', async () => {
    const doc = await (await svc.call('GET', '/openapi.json')).json();
    const send: Op = doc.paths['/network-agent/auth-send-otp'].post;
    const verify: Op = doc.paths['/network-agent/auth-verify-otp'].post;
    expect(send.security).toEqual([]);
    expect(verify.security).toEqual([]);
    expect(Object.keys(send.requestBody!.content['application/json'].schema.properties)).toEqual(['email', 'full_name']);
    expect(verify.requestBody!.content['application/json'].schema.required).toEqual(['email', 'otp']);
    expect(Object.keys(send.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
    expect(Object.keys(verify.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    expect(Object.keys(verify.responses['200']!.content!['application/json'].schema.properties!)).toEqual(['user', 'team', 'agent_token', 'role']);
  });

  it('has the member endpoints, each needing the key and the agent token, and each really served', async () => {
    const doc = await (await svc.call('GET', '/openapi.json')).json();
    const ops: [string, string][] = [
      ['get', '/api-team'],
      ['post', '/api-team-members'],
      ['patch', '/api-team-members'],
      ['delete', '/api-team-members'],
    ];
    for (const [method, path] of ops) {
      const op: Op = doc.paths[path][method];
      expect(op.security).toEqual([{ apiKey: [], agentToken: [] }]);
      expect(op.responses['401']).toBeDefined();
      // Documented means routed: without a key the answer is the route's 401, not the 404 of an unknown path.
      const res = await svc.call(method.toUpperCase(), path);
      expect([method, path, res.status, await res.json()]).toEqual([method, path, 401, { error: 'Missing API Key' }]);
    }
    const del: Op = doc.paths['/api-team-members'].delete;
    expect(del.parameters).toEqual([expect.objectContaining({ name: 'email', in: 'query', required: true })]);
    expect(Object.keys(doc.paths['/api-team-members'].post.responses)).toEqual(expect.arrayContaining(['201', '403', '409']));
  });
});
