import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import {
  mailedCode,
  openSection,
  signInThroughPopup,
  startAgentWorld,
  type AgentWorld,
} from './support/harness.js';
import { overflowingElements } from './support/page-overflow.js';
import { FAKE_MODEL_NAME, type FakeModel, startFakeModel } from '../support/fake-model.js';

/**
 * An AI draft waits for a person (docs/ai.md): the team's model (a fake OpenAI-compatible server)
 * drafts a comment on a collected post; the member reads it in the dashboard's approvals, edits it
 * and approves it; the real extension then posts exactly the edited text on the fake network.
 * Screenshots of the approval at 1280 and 375 px go to test/e2e/artifacts/.
 */

const ADMIN = 'ada@example.com';
const DRAFTED = 'Sonar for small boats is overdue: congratulations on shipping it!';
const EDITED = 'Congratulations on shipping it, we will try it on our survey boat.';
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

let model: FakeModel;
let world: AgentWorld;
let page: Page;

test.setTimeout(240_000);
test.beforeAll(async () => {
  model = await startFakeModel();
  world = await startAgentWorld('ai-draft', 'today', {
    LLM_API_URL: `${model.url}/v1`,
    LLM_MODEL: 'house-model',
  });
});
test.afterAll(async () => {
  await world?.stop();
  await model?.close();
});

test('an AI comment draft is approved in the dashboard with edited text, and the extension posts that text', async () => {
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
  await page.setViewportSize({ width: 1280, height: 900 });
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
        team: { id: string; api_key: string };
      },
  );

  // A post the team collected, one the fake network serves.
  const networkPost = fake.dataset.posts[0]!;
  const postId = crypto.randomUUID();
  await service.ctx.db.query(
    `INSERT INTO posts (id, team_id, activity_urn, post_url, content, author_name, posted_at)
     VALUES ($1, $2, $3, 'https://www.linkedin.com/feed/', 'We shipped sonar for small boats today.', 'Grace Hopper', now())`,
    [postId, creds.team.id, `urn:li:activity:${networkPost.activityId}`],
  );

  model.answer({ text: DRAFTED });
  const res = await fetch(`${E2E_SERVICE_URL}/api-drafts`, {
    method: 'POST',
    headers: { 'x-api-key': creds.team.api_key, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'comment', member_email: ADMIN, post_id: postId }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const draft = (await res.json()) as { task_id: string; text: string };
  expect(draft.text).toBe(DRAFTED);

  const item = page.locator(`#approvals li[data-task-id="${draft.task_id}"]`);
  await openSection(page, 'outreach');
  await expect(page.locator('#approvals')).toBeVisible();
  // The model as it names itself in its answer.
  await expect(item).toContainText(`drafted by your team’s AI (${FAKE_MODEL_NAME})`);
  const box = item.getByLabel('Text it sends');
  await expect(box).toHaveValue(DRAFTED);
  await box.fill(EDITED);

  await item.scrollIntoViewIfNeeded();
  await page
    .locator('#approvals')
    .screenshot({ path: join(ARTIFACTS, 'ai-draft-approval-1280.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await item.scrollIntoViewIfNeeded();
  await page
    .locator('#approvals')
    .screenshot({ path: join(ARTIFACTS, 'ai-draft-approval-375.png') });
  expect(await overflowingElements(page), 'horizontal overflow at 375 px').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('#approvals-status')).toHaveText('Approved');
  await expect(page.locator('#approvals')).toBeHidden();

  await expect
    .poll(() => fake.state.comments.map((c) => c.text), { timeout: 90_000 })
    .toContain(EDITED);
  expect(fake.state.comments.map((c) => c.text)).not.toContain(DRAFTED);
});
