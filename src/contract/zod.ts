import { z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * The project's zod: `zod/mini`, the same zod v4 with a functional API (`z.optional(x)`,
 * `x.check(z.maxLength(n))`, `z.pipe(a, z.transform(f))`), so the extension's bundles keep only the
 * parts they use. Classic `zod` installs English messages by itself; `zod/mini` does not, so it is
 * done here, once: a failed check without a message of its own reads "Too big: expected string to
 * have <=60 characters", as before, not "Invalid input". Schemas take `z` from this module;
 * type-only imports may name `zod/mini` directly.
 */
z.config(en());

export { z };
