/**
 * The dashboard's page: its static markup is index.html, and every list in it is drawn with the
 * view layer it shares with the extension's popup (src/ui/html.ts, lit-html: text is set as text,
 * so a post's content or a member's name can never run as markup, and the page's CSP forbids
 * inline script besides). These are the helpers around it.
 */

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`dashboard markup lacks #${id}`);
  return el as T;
}

/** A short status line under a form: polite for screen readers, red for errors. */
export function setStatus(
  el: HTMLElement,
  text: string,
  kind: 'info' | 'error' | 'ok' = 'info',
): void {
  el.textContent = text;
  el.dataset.kind = kind;
}

/** Disables a form's controls while `work` runs, so a double click sends one request. */
export async function busy<T>(form: HTMLFormElement, work: () => Promise<T>): Promise<T> {
  const controls = [...form.elements].filter(
    (e): e is HTMLButtonElement | HTMLInputElement =>
      e instanceof HTMLButtonElement || e instanceof HTMLInputElement,
  );
  const before = controls.map((c) => c.disabled);
  for (const c of controls) c.disabled = true;
  form.setAttribute('aria-busy', 'true');
  try {
    return await work();
  } finally {
    for (const [i, c] of controls.entries()) c.disabled = before[i]!;
    form.removeAttribute('aria-busy');
  }
}
