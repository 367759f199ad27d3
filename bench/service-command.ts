import { readFileSync } from 'node:fs';

/**
 * How `npm run service` (package.json) starts the service: the environment it sets before `node`
 * (`NAME=value` words) and the node flags after it, so a bench measures what runs.
 */
export function serviceCommand(): { env: Record<string, string>; nodeFlags: string[] } {
  const { scripts } = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  ) as { scripts: { service: string } };
  const words = scripts.service.split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(
    words.slice(0, node).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
  );
  return { env, nodeFlags: words.slice(node + 1).filter((w) => w.startsWith('--')) };
}
