import type { MailMessage } from './mailer.js';
import { OTP_LIFETIME_MINUTES } from '../auth/otp-code.js';
import { escapeHtml } from './escape-html.js';

/** The sign-in code mail. The code stands alone on its own line so it is easy to read and copy. */
export function otpEmail(to: string, code: string): MailMessage {
  const minutes = OTP_LIFETIME_MINUTES;
  const text = [
    'Your Network Agent sign-in code is:',
    '',
    `    ${code}`,
    '',
    `It is valid for ${minutes} minutes and works once. Enter it where you asked for it.`,
    '',
    'If you did not ask for a code, ignore this message: nobody can sign in without it.',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1b1b1b">
<p>Your Network Agent sign-in code is:</p>
<p style="font-size: 28px; font-weight: 600; letter-spacing: 6px; font-family: ui-monospace, monospace">${escapeHtml(code)}</p>
<p>It is valid for ${minutes} minutes and works once. Enter it where you asked for it.</p>
<p style="color: #666">If you did not ask for a code, ignore this message: nobody can sign in without it.</p>
</body></html>`;
  return { to, subject: 'Your Network Agent sign-in code', text, html };
}
