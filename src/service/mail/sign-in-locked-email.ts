import type { MailMessage } from './mailer.js';
import { escapeHtml } from './escape-html.js';

/**
 * Tells the owner of an address that sign-in with it from one client network address is locked
 * until 00:00 UTC after too many wrong codes from there. Nothing to click: the lock ends by itself,
 * nobody got in, and the owner still signs in from their own network.
 */
export function signInLockedEmail(to: string, wrongCodes: number, client: string): MailMessage {
  const lines = [
    `Signing in to Network Agent with this address from the network address ${client} is locked until 00:00 UTC: ${wrongCodes} wrong sign-in codes were entered for it from there today.`,
    'Nobody signed in with a wrong code, and your account (if you have one) is unchanged.',
    'If that was not you, someone tried to guess your codes; the lock stops them. You need to do nothing: from your own network you can ask for a code and sign in as usual.',
    'Codes asked from that network work again after 00:00 UTC.',
  ];
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1b1b1b">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
</body></html>`;
  return {
    to,
    subject: 'Network Agent sign-in locked for one network until 00:00 UTC',
    text: lines.join('\n\n'),
    html,
  };
}
