import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../support/import-graph.js';

/**
 * The house rules of docs/architecture.md ("Imports flow one way"), held over every import of the
 * repository's TypeScript, `import type` included: types flow down too.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const graph = importGraph(ROOT, ['src', 'entrypoints', 'scripts', 'test', 'bench']);

/** `from → to` for each import of a file under `from` that reaches outside the folders it may use. */
function crossings(from: string, allowed: string[]): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith(from)) continue;
    for (const t of targets) if (!allowed.some((a) => t.startsWith(a))) out.push(`${file} → ${t}`);
  }
  return out;
}

const BROWSER = [
  'entrypoints/',
  'src/agent/',
  'src/content/',
  'src/network/',
  'src/popup/',
  'src/shared/',
  'src/ui/',
  'src/dashboard/',
];

describe('the import graph', () => {
  it('reads the imports it is about (a walk that found nothing would pass every rule)', () => {
    expect(graph.get('src/service/app.ts')).toContain('src/service/routes/dashboard.ts');
    expect(graph.get('src/dashboard/posts.ts')).toContain('src/ui/html.ts');
    // `import type` counts.
    expect(graph.get('src/popup/view.ts')).toContain('src/shared/protocol.ts');
    expect(graph.size).toBeGreaterThan(300);
  });

  it('has no circle: no two files import each other, directly or through others', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('src/contract/ imports only itself', () => {
    expect(crossings('src/contract/', ['src/contract/'])).toEqual([]);
  });

  it('src/shared/ imports no extension context above it (agent, content, popup)', () => {
    expect(crossings('src/shared/', ['src/shared/', 'src/network/', 'src/contract/'])).toEqual([]);
  });

  it('src/service/ imports no browser code (extension or dashboard), and no browser code imports it', () => {
    expect(crossings('src/service/', ['src/service/', 'src/contract/'])).toEqual([]);
    expect(BROWSER.flatMap((dir) => crossings(dir, BROWSER.concat('src/contract/')))).toEqual([]);
  });

  it('src/dashboard/ imports only the contract and src/ui/, like the popup', () => {
    expect(crossings('src/dashboard/', ['src/dashboard/', 'src/contract/', 'src/ui/'])).toEqual([]);
  });

  it("src/service/ holds no page or style: the dashboard's live in src/dashboard/", () => {
    const pages = (dir: string): string[] =>
      readdirSync(new URL(dir, `file://${ROOT}`), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? pages(`${dir}${e.name}/`)
          : /\.(html|css)$/.test(e.name)
            ? [`${dir}${e.name}`]
            : [],
      );
    expect(pages('src/service/')).toEqual([]);
    expect(pages('src/dashboard/')).toEqual([
      'src/dashboard/dashboard.css',
      'src/dashboard/index.html',
    ]);
  });
});
