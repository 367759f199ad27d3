import type { MailMessage } from './mailer.js';
import { escapeHtml } from './escape-html.js';

/**
 * Tells an invited person how to join: sign in with this address (extension popup or dashboard).
 * No link with a secret in it: the e-mail code at sign-in is the proof of the address.
 */
export function inviteEmail(
  to: string,
  opts: { teamName: string; invitedBy: string; role: string; publicUrl?: string },
): MailMessage {
  const where = opts.publicUrl
    ? `Sign in at ${opts.publicUrl} (or in the browser extension) with this address`
    : 'Sign in with this address in the browser extension or the dashboard';
  const text = [
    `${opts.invitedBy} added you to the team "${opts.teamName}" on Network Agent as ${opts.role}.`,
    '',
    `${where}; you join the team when you sign in. If you already belong to another team, you move to this one then.`,
    '',
    'If you do not know this team, ignore this message.',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1b1b1b">
<p>${escapeHtml(opts.invitedBy)} added you to the team <strong>${escapeHtml(opts.teamName)}</strong> on Network Agent as ${escapeHtml(opts.role)}.</p>
<p>${escapeHtml(where)}; you join the team when you sign in. If you already belong to another team, you move to this one then.</p>
<p style="color: #666">If you do not know this team, ignore this message.</p>
</body></html>`;
  return {
    to,
    subject: `You were added to ${opts.teamName} on Network Agent`.replace(/[\r\n]+/g, ' '),
    text,
    html,
  };
}
