import type { SendOtpResponse, VerifyOtpResponse } from '../contract/auth.js';
import type { z } from 'zod/mini';
import { ApiError, call, errorMessage } from './api.js';
import { busy, byId, setStatus } from './dom.js';
import type { Session } from './session.js';

/**
 * A refused code in a person's words: the API answers the spec's `Invalid or expired OTP`, and
 * "OTP" is nobody's word for the code in their mail. The popup says it too (src/agent/sign-in.ts).
 */
function codeRefusal(err: unknown): string {
  if (err instanceof ApiError && err.status === 401 && /OTP/.test(err.message))
    return 'That code is wrong or has expired. Check the latest e-mail, or send a new one: “Use another e-mail”, then the same address.';
  return errorMessage(err);
}

/**
 * Sign-in panel: e-mail (and a name for a new account) -> a 6-digit code by mail -> the verify
 * answer, which is the session. Spec: POST /network-agent/auth-send-otp, auth-verify-otp.
 */
export function mountSignIn(onSignedIn: (session: Session) => void): {
  show(message?: string): void;
} {
  const panel = byId('sign-in');
  const sendForm = byId<HTMLFormElement>('send-code-form');
  const verifyForm = byId<HTMLFormElement>('verify-code-form');
  const sendStatus = sendForm.querySelector<HTMLElement>('.status')!;
  const verifyStatus = verifyForm.querySelector<HTMLElement>('.status')!;
  const emailInput = sendForm.elements.namedItem('email') as HTMLInputElement;
  const nameInput = sendForm.elements.namedItem('full_name') as HTMLInputElement;
  const codeInput = verifyForm.elements.namedItem('otp') as HTMLInputElement;
  let email = '';

  const askForEmail = () => {
    verifyForm.hidden = true;
    sendForm.hidden = false;
    setStatus(verifyStatus, '');
    emailInput.focus();
  };

  sendForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const typed = emailInput.value.trim();
    if (!typed || !emailInput.checkValidity()) {
      setStatus(sendStatus, 'Enter a valid e-mail address.', 'error');
      emailInput.focus();
      return;
    }
    void busy(sendForm, async () => {
      setStatus(sendStatus, 'Sending…');
      try {
        const fullName = nameInput.value.trim();
        await call<z.infer<typeof SendOtpResponse>>('POST', '/network-agent/auth-send-otp', {
          auth: 'none',
          body: fullName ? { email: typed, full_name: fullName } : { email: typed },
        });
        email = typed;
        setStatus(sendStatus, '');
        byId('code-sent-to').textContent = email;
        sendForm.hidden = true;
        verifyForm.hidden = false;
        codeInput.value = '';
        codeInput.focus();
      } catch (err) {
        setStatus(sendStatus, errorMessage(err), 'error');
      }
    });
  });

  verifyForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const otp = codeInput.value.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(otp)) {
      setStatus(verifyStatus, 'The code is 6 digits.', 'error');
      codeInput.focus();
      return;
    }
    void busy(verifyForm, async () => {
      setStatus(verifyStatus, 'Checking…');
      try {
        const session = await call<VerifyOtpResponse>('POST', '/network-agent/auth-verify-otp', {
          auth: 'none',
          // A dashboard sign-in's token lives a day at most (docs/api.md "Tokens").
          body: { email, otp, client: 'dashboard' },
        });
        setStatus(verifyStatus, '');
        codeInput.value = '';
        onSignedIn(session);
      } catch (err) {
        setStatus(verifyStatus, codeRefusal(err), 'error');
        codeInput.select();
      }
    });
  });

  byId('change-email').addEventListener('click', askForEmail);

  return {
    show(message) {
      panel.hidden = false;
      askForEmail();
      setStatus(sendStatus, message ?? '', message ? 'error' : 'info');
    },
  };
}
