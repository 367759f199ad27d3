import type { MailMessage } from './mailer.js';

/**
 * Tells the owner of an address that sign-in with it is locked until 00:00 UTC after too many
 * wrong codes. Nothing to click: the lock ends by itself, and nobody got in.
 */
export function signInLockedEmail(to: string, wrongCodes: number): MailMessage {
  const lines = [
    `Signing in to Network Agent with this address is locked until 00:00 UTC: ${wrongCodes} wrong sign-in codes were entered for it today.`,
    'Nobody signed in with a wrong code, and your account (if you have one) is unchanged.',
    'If that was not you, someone tried to guess your codes; the lock stops them. You need to do nothing.',
    'After 00:00 UTC you can ask for a new code and sign in as usual.',
  ];
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1b1b1b">
${lines.map((l) => `<p>${l}</p>`).join('\n')}
</body></html>`;
  return {
    to,
    subject: 'Network Agent sign-in locked until 00:00 UTC',
    text: lines.join('\n\n'),
    html,
  };
}
