import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test, type Page } from '@playwright/test';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import {
  mailedCode,
  signInThroughPopup,
  startAgentWorld,
  type AgentWorld,
} from './support/harness.js';

/**
 * A write from an AI client waits for a person (docs/mcp.md): an assistant queues a comment over
 * /mcp; the member sees its exact text in the dashboard's approvals, edits it and approves it; the
 * real extension then posts the edited text on the fake network, never the queued one.
 */

const ADMIN = 'ada@example.com';

let world: AgentWorld;
let page: Page;

test.setTimeout(240_000);
test.beforeAll(async () => {
  world = await startAgentWorld('mcp-approval', 'today');
});
test.afterAll(async () => world?.stop());

test('a comment queued over MCP is approved in the dashboard with edited text, and the extension posts that text', async () => {
  const { service, fake } = world;
  await signInThroughPopup(
    world.popup,
    world.browser.context,
    service.outboxDir,
    ADMIN,
    'Ada Lovelace',
  );
  page = await world.browser.context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(E2E_SERVICE_URL);
  await service.ctx.db.query(
    "UPDATE otp_codes SET sent_at = sent_at - interval '1 minute' WHERE email = $1",
    [ADMIN],
  );
  const sentAfter = Date.now();
  await page.locator('#sign-in').getByLabel('E-mail').fill(ADMIN);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await mailedCode(service.outboxDir, ADMIN, sentAfter));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#live-state')).toHaveText('Live');
  const creds = await page.evaluate(
    () =>
      JSON.parse(Object.values({ ...sessionStorage }).find((v) => v.includes('agent_token'))!) as {
        team: { api_key: string };
      },
  );

  const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${E2E_SERVICE_URL}/mcp`), {
      requestInit: {
        headers: { 'x-api-key': creds.team.api_key, 'x-client-name': 'e2e-assistant' },
      },
    }),
  );
  const urn = `urn:li:activity:${fake.dataset.posts[0]!.activityId}`;
  const queued = await client.callTool({
    name: 'comment_post',
    arguments: { social_urn: urn, comment_text: 'Queued by the assistant' },
  });
  const answer = queued.structuredContent as { status: string; api_agent_task_id: string };
  expect(answer.status).toBe('awaiting_approval');
  await client.close();

  const item = page.locator(`#approvals li[data-task-id="${answer.api_agent_task_id}"]`);
  // Today, where the dashboard opens, says it waits and leads to it.
  await page.getByRole('link', { name: '1 write queued by an AI waits for your approval' }).click();
  await expect(page.locator('#approvals')).toBeVisible();
  await expect(item).toContainText('e2e-assistant');
  const box = item.getByLabel('Text it sends');
  await expect(box).toHaveValue('Queued by the assistant');
  await box.fill('Edited by Ada before sending');
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('#approvals-status')).toHaveText('Approved');
  await expect(page.locator('#approvals')).toBeHidden();

  await expect
    .poll(() => fake.state.comments.map((c) => c.text), { timeout: 90_000 })
    .toContain('Edited by Ada before sending');
  expect(fake.state.comments.map((c) => c.text)).not.toContain('Queued by the assistant');
});
