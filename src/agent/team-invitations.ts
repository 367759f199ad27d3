import { updateState } from './agent-state.js';
import type { AgentContext } from './context.js';
import { getCredentials, saveCredentials } from './credentials.js';
import { explain } from './sign-in.js';
import type { ActionResult } from '../shared/protocol.js';

/**
 * The member's answer to an invitation to another team (issue: membership needs consent). Accepting
 * moves them: the service revokes every old token and answers with the new team's key and a new
 * agent token, which replace the stored ones at once, so the next heartbeat and claim already work
 * for the new team. Declining withdraws the invitation; either way it leaves the popup's list.
 */
export async function answerInvitation(
  ctx: AgentContext,
  req: { team_id: string; accept: boolean },
): Promise<ActionResult> {
  const creds = await getCredentials();
  const client = await ctx.client();
  if (!creds || !client) return { ok: false, error: 'Sign in first.' };
  let message: string;
  try {
    if (req.accept) {
      const joined = await client.acceptInvitation(req.team_id);
      await saveCredentials({
        ...creds,
        api_key: joined.team.api_key,
        agent_token: joined.agent_token,
        team: { id: joined.team.id, name: joined.team.name },
        role: joined.role,
      });
      message = joined.message;
    } else {
      await client.declineInvitation(req.team_id);
      message = 'The invitation was declined; you stay in your team.';
    }
  } catch (err) {
    return { ok: false, error: explain(err, creds.service_url) };
  }
  await updateState((s) => ({
    ...s,
    invitations: (s.invitations ?? []).filter((i) => i.team_id !== req.team_id),
  }));
  await ctx.journal.log({
    at: ctx.clock.now(),
    task_id: null,
    type: null,
    kind: 'note',
    error_code: null,
    duration_ms: null,
    message,
  });
  return { ok: true, message };
}
