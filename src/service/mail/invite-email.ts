import type { MailMessage } from './mailer.js';
import { escapeHtml } from './escape-html.js';
import { quotedText } from './quoted-text.js';

/** The longest name of an inviter or a team an invitation quotes. */
const INVITE_QUOTE_MAX = 60;

/**
 * Tells an invited person how to join: sign in with this address (extension popup or dashboard).
 * No link with a secret in it: the e-mail code at sign-in is the proof of the address. The mail
 * quotes only the inviter's name, their (proven) address and the team's name, each name cut to
 * INVITE_QUOTE_MAX characters: anyone can sign up, so no other text of theirs goes to the invitee.
 */
export function inviteEmail(
  to: string,
  opts: {
    teamName: string;
    inviterName: string;
    inviterEmail: string;
    role: string;
    publicUrl?: string;
  },
): MailMessage {
  const team = quotedText(opts.teamName, INVITE_QUOTE_MAX);
  const name = quotedText(opts.inviterName, INVITE_QUOTE_MAX);
  const invitedBy = name ? `${name} (${opts.inviterEmail})` : opts.inviterEmail;
  const where = opts.publicUrl
    ? `Sign in at ${opts.publicUrl} (or in the browser extension) with this address`
    : 'Sign in with this address in the browser extension or the dashboard';
  const text = [
    `${invitedBy} added you to the team "${team}" on Network Agent as ${opts.role}.`,
    '',
    `${where}; you join the team when you sign in. If you already belong to another team, you move to this one then.`,
    '',
    'If you do not know this team, ignore this message.',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1b1b1b">
<p>${escapeHtml(invitedBy)} added you to the team <strong>${escapeHtml(team)}</strong> on Network Agent as ${escapeHtml(opts.role)}.</p>
<p>${escapeHtml(where)}; you join the team when you sign in. If you already belong to another team, you move to this one then.</p>
<p style="color: #666">If you do not know this team, ignore this message.</p>
</body></html>`;
  return {
    to,
    subject: `You were added to ${team} on Network Agent`,
    text,
    html,
  };
}
