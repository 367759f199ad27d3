import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { litTemplateParser } from '../../../scripts/lit-template-parser.mjs';

/** The extension's lit-html parses templates with DOMParser, so no bundle assigns innerHTML (docs/store.md). */
describe('lit-template-parser', () => {
  const plugin = litTemplateParser() as unknown as {
    transform(code: string, id: string): { code: string } | null;
  };
  // The file Vite bundles for `import 'lit-html'` in a browser build (its package's "browser" entry).
  const id = fileURLToPath(new URL('../../../node_modules/lit-html/lit-html.js', import.meta.url));
  const lit = readFileSync(id, 'utf8');

  it('rewrites the installed lit-html: its one innerHTML goes, DOMParser builds the template', () => {
    expect(lit.match(/innerHTML/g)).toHaveLength(1);
    const out = plugin.transform(lit, id)!.code;
    expect(out).not.toMatch(/innerHTML/);
    expect(out).toContain('new DOMParser().parseFromString("<template>"+');
    expect(out.length - lit.length).toBeLessThan(200);
  });

  it('leaves every other module alone, and fails loudly when lit-html changed under it', () => {
    expect(plugin.transform('el.innerHTML = x', '/x/node_modules/other/index.js')).toBeNull();
    expect(() =>
      plugin.transform(lit.replace('static createElement(', 'static makeElement('), id),
    ).toThrow(/lit-html changed its Template.createElement/);
  });
});
