import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../support/test-service.js';
import { NETWORK_ENDPOINTS } from '../../src/contract/task-io.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

test('/openapi.json documents every task operation and agent call with the contract schemas', async () => {
  const doc = (await (await svc.call('GET', '/openapi.json')).json()) as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }; responses: Record<string, unknown>; security: unknown[] }>>;
  };
  for (const name of Object.keys(NETWORK_ENDPOINTS)) {
    const op = doc.paths[`/network-agent/${name}`]?.post;
    expect(op, name).toBeDefined();
    expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(op!.security).toEqual([{ apiKey: [] }]);
  }
  expect(doc.paths['/network-agent/send-connection-request']!.post!.requestBody!.content['application/json']!.schema.properties).toHaveProperty('note');
  expect(Object.keys(doc.paths['/network-agent/like-post']!.post!.responses)).toContain('404');
  expect(Object.keys(doc.paths['/network-agent/send-connection-request']!.post!.responses)).toContain('429');
  expect(doc.paths['/network-agent/get-task-status']?.get).toBeDefined();
  expect(doc.paths['/api-tasks']?.get).toBeDefined();
  for (const path of ['/agent/heartbeat', '/agent/tasks/claim', '/agent/tasks/{id}/extend', '/agent/tasks/{id}/complete', '/agent/tasks/{id}/fail', '/agent/sign-out']) {
    const op = doc.paths[path]?.post;
    expect(op, path).toBeDefined();
    expect(op!.security).toEqual([{ apiKey: [], agentToken: [] }]);
  }
  expect(Object.keys(doc.paths['/agent/tasks/claim']!.post!.responses)).toContain('204');
  expect(Object.keys(doc.paths['/agent/tasks/{id}/complete']!.post!.responses)).toContain('409');
});

test('/openapi.json declares the {id} path parameter of the agent task calls', async () => {
  const doc = (await (await svc.call('GET', '/openapi.json')).json()) as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string; required: boolean }[] }>>;
  };
  for (const path of ['/agent/tasks/{id}/extend', '/agent/tasks/{id}/complete', '/agent/tasks/{id}/fail']) {
    expect(doc.paths[path]!.post!.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
  }
  expect(doc.paths['/agent/heartbeat']!.post!.parameters).toBeUndefined();
});
