import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { API_TYPES_FILE, generateApiTypes } from '../../support/api-types-gen.js';
import type { paths } from '../../support/api-types.js';
import { profileOutput } from '../../support/profile-output.js';

/**
 * The API document is usable as tools use it: a client generated from /openapi.json with
 * openapi-typescript, driven by openapi-fetch, runs a whole flow against the service on a real
 * port: sign-in by mailed code, the API key, a fetch-profile task, an agent (emulated with the same
 * client) claiming and completing it, and the status poll. docs/api.md shows the same flow.
 */

let svc: TestService;
let server: ServerType;
let baseUrl: string;
beforeAll(async () => {
  svc = await startTestService();
  server = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await svc.close();
});

test('the committed client types are what openapi-typescript makes of /openapi.json today', async () => {
  const document = await (await fetch(`${baseUrl}/openapi.json`)).json();
  const generated = await generateApiTypes(document);
  const committed = await readFile(API_TYPES_FILE, 'utf8');
  // When a route's describe() or its contract schema changed: `npm run api-types`, and commit it.
  expect(committed === generated, `${API_TYPES_FILE} is stale: run \`npm run api-types\``).toBe(
    true,
  );
});

test('a typed client runs sign-in, a fetch-profile task, an agent completing it and the status poll', async () => {
  const api = createClient<paths>({ baseUrl });
  const email = 'typed-client@example.com';

  // 1. One-time code sign-in: the code comes in the mail (here the .eml outbox).
  const sent = await api.POST('/network-agent/auth-send-otp', {
    body: { email, full_name: 'Ada Lovelace' },
  });
  expect(sent.response.status).toBe(200);
  expect(sent.data?.success).toBe(true);
  const otp = await svc.latestCode(email);
  const signedIn = await api.POST('/network-agent/auth-verify-otp', { body: { email, otp } });
  expect(signedIn.response.status).toBe(200);
  const { team, agent_token } = signedIn.data!;
  expect(team.api_key).toMatch(/\S{20,}/);

  // 2. Every later call carries the key; the agent's calls also its token.
  const keyed = createClient<paths>({ baseUrl, headers: { 'x-api-key': team.api_key } });
  const agent = createClient<paths>({
    baseUrl,
    headers: { 'x-api-key': team.api_key, authorization: `Bearer ${agent_token}` },
  });

  // The 48-hour rule: without an extension that called in, a network task is refused.
  const refused = await keyed.POST('/network-agent/fetch-profile', {
    body: { profile_slug: 'ada-lovelace' },
  });
  expect(refused.response.status).toBe(403);
  expect(refused.error?.error).toMatch(/^Plugin installation required/);

  // 3. The member's extension (emulated) says it is there.
  const beat = await agent.POST('/agent/heartbeat', {
    body: {
      extension_version: '1.0.0',
      browser: 'typed-client',
      network: { signed_in: true },
      paused: false,
    },
  });
  expect(beat.data?.member.email).toBe(email);

  // 3b. In the extension's popup the member acknowledges what runs in their name (docs/agent-protocol.md, "Consent").
  expect(beat.data?.consent).toMatchObject({ acknowledged: false });
  const asked = await agent.GET('/agent/consent');
  expect(asked.data?.version).toBe(beat.data?.consent.version);
  const agreed = await agent.POST('/agent/consent', { body: { version: asked.data!.version } });
  expect(agreed.data?.acknowledged_version).toBe(asked.data!.version);

  // 4. A fetch-profile task.
  const created = await keyed.POST('/network-agent/fetch-profile', {
    body: { profile_slug: 'https://www.linkedin.com/in/ada-lovelace/' },
  });
  expect(created.response.status).toBe(200);
  const taskId = created.data!.api_agent_task_id;

  const pending = await keyed.GET('/network-agent/get-task-status', {
    params: { query: { api_agent_task_id: taskId } },
  });
  expect(pending.data?.data).toMatchObject({ id: taskId, status: 'pending', task_output: null });

  // 5. The agent claims it and hands in the profile.
  const claimed = await agent.POST('/agent/tasks/claim', { body: { wait_s: 0 } });
  expect(claimed.response.status).toBe(200);
  const task = claimed.data!.task;
  expect(task).toMatchObject({
    id: taskId,
    type: 'agent_profile_fetch',
    input: { profile_slug: 'ada-lovelace' },
    attempt: 1,
  });
  const done = await agent.POST('/agent/tasks/{id}/complete', {
    params: { path: { id: task.id } },
    body: {
      attempt: task.attempt,
      output: profileOutput({
        profile_urn: 'urn:li:fsd_profile:ACoAAAdaLovelace',
        public_identifier: 'ada-lovelace',
        name: 'Ada Lovelace',
        headline: 'Analyst of the Analytical Engine',
        location: 'London',
        followers: 1843,
        skills: ['Mathematics'],
        network_degree: 'second',
      }),
    },
  });
  expect(done.data).toEqual({ status: 'completed' });

  // 6. The caller's poll has the result.
  const status = await keyed.GET('/network-agent/get-task-status', {
    params: { query: { api_agent_task_id: taskId } },
  });
  expect(status.data?.data.status).toBe('completed');
  expect(status.data?.data.task_output).toMatchObject({
    name: 'Ada Lovelace',
    followers: 1843,
    connections: null,
  });

  // Errors come back typed too: `{error}`.
  const unknown = await keyed.GET('/network-agent/get-task-status', {
    params: { query: { api_agent_task_id: '00000000-0000-4000-8000-000000000000' } },
  });
  expect(unknown.response.status).toBe(404);
  expect(unknown.error).toEqual({ error: 'Task not found' });
});
