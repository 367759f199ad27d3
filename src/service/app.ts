import { Hono } from 'hono';
import type { AppEnv, ServiceContext } from './context.js';
import { errorAnswer } from './http/error-answer.js';
import { limitBody } from './http/body-limit.js';
import { withRoutesInOneLayer } from './http/one-layer.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { authRoutes } from './routes/auth.js';
import { memberRoutes } from './routes/members.js';
import { warmUpRoutes } from './routes/warm-up.js';
import { teamInvitationRoutes } from './routes/team-invitations.js';
import { teamKeyRoutes } from './routes/team-key.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { networkTaskRoutes } from './routes/network-tasks.js';
import { taskStatusRoutes } from './routes/task-status.js';
import { agentRoutes } from './routes/agent.js';
import { consentRoutes } from './routes/consent.js';
import { taskRoutes } from './routes/tasks.js';
import { openApiRoutes } from './routes/openapi.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { postRoutes } from './routes/posts.js';
import { engagementRoutes } from './routes/engagement.js';
import { keywordWatchlistRoutes } from './routes/keyword-watchlists.js';
import { peopleWatchlistRoutes } from './routes/people-watchlists.js';
import { companyWatchlistRoutes } from './routes/company-watchlists.js';
import { webhookRoutes } from './routes/webhooks.js';
import { eventRoutes } from './routes/events.js';
import { relationshipRoutes } from './routes/relationships.js';
import { sequenceRoutes } from './routes/sequences.js';
import { operatorRoutes } from './routes/operator.js';
import { doNotContactRoutes } from './routes/do-not-contact.js';
import { contactHistoryRoutes } from './routes/contact-history.js';
import { statsRoutes } from './routes/stats.js';
import { approvalRoutes } from './routes/approvals.js';
import { draftRoutes } from './routes/drafts.js';
import { mcpRoutes } from './routes/mcp.js';

/** 1 MiB: far above any real request; a larger body is refused before it is read. */
export const MAX_BODY_BYTES = 1024 * 1024;

export function createApp(ctx: ServiceContext) {
  const app = new Hono<AppEnv>();

  // Middlewares return next() rather than await it: a long-poll claim waits inside next(), and a
  // frame that awaits would be kept alive with it, for every waiting claim. One layer for both, as
  // each layer of Hono's chain keeps a frame of its own (http/one-layer.ts).
  const bodyLimit = limitBody(MAX_BODY_BYTES);
  app.use('*', (c, next) => {
    c.set('ctx', ctx);
    return bodyLimit(c, next);
  });

  app.route('/', healthRoutes);
  app.route('/', metricsRoutes);
  app.route('/', openApiRoutes(app));
  app.route('/', dashboardRoutes);
  app.route('/', authRoutes);
  app.route('/', memberRoutes);
  app.route('/', warmUpRoutes);
  app.route('/', teamInvitationRoutes);
  app.route('/', teamKeyRoutes);
  app.route('/', apiKeyRoutes);
  app.route('/', networkTaskRoutes);
  app.route('/', taskStatusRoutes);
  app.route('/', withRoutesInOneLayer(agentRoutes, ['POST /agent/tasks/claim']));
  app.route('/', consentRoutes);
  app.route('/', taskRoutes);
  app.route('/', postRoutes);
  app.route('/', engagementRoutes);
  app.route('/', keywordWatchlistRoutes);
  app.route('/', peopleWatchlistRoutes);
  app.route('/', companyWatchlistRoutes);
  app.route('/', webhookRoutes);
  app.route('/', eventRoutes);
  app.route('/', relationshipRoutes);
  app.route('/', sequenceRoutes);
  app.route('/', operatorRoutes);
  app.route('/', doNotContactRoutes);
  app.route('/', contactHistoryRoutes);
  app.route('/', statsRoutes);
  app.route('/', approvalRoutes);
  app.route('/', draftRoutes);
  app.route('/', mcpRoutes);

  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((err, c) => {
    const answer = errorAnswer(err, ctx, { method: c.req.method, path: c.req.path });
    for (const [k, v] of Object.entries(answer.headers)) c.header(k, v);
    return c.json(answer.body, answer.status);
  });
  return app;
}
