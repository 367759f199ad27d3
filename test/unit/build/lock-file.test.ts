import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` installs exactly the lock file, and refuses one that misses a package any locked package
 * names, optional ones included: the other platforms' binaries of esbuild, rollup and Biome. npm
 * leaves those out when it writes the lock over a node_modules that holds only this machine's
 * (npm/cli#4828), so a lock written on one machine can fail `npm ci` everywhere
 * (docs/development.md, "Installing").
 */
interface Locked {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8'));
const lock: { packages: Record<string, Locked> } = read('package-lock.json');
const pkg: { allowScripts?: Record<string, boolean> } = read('package.json');

/** Where node (and npm) finds `name` from the package at `path`: its own node_modules, then each one above. */
function resolveFrom(path: string, name: string): string | undefined {
  let dir = path;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i < 0 ? '' : dir.slice(0, i);
  }
}

const PLATFORMS = ['linux', 'darwin', 'win32'].flatMap((os) =>
  ['x64', 'arm64'].map((cpu) => ({ os, cpu })),
);
const fits = (p: Locked, os: string, cpu: string) =>
  (!p.os || p.os.includes(os)) && (!p.cpu || p.cpu.includes(cpu));

describe('package-lock.json', () => {
  it('locks every optional package a locked package names (what npm ci checks)', () => {
    const missing: string[] = [];
    for (const [path, p] of Object.entries(lock.packages)) {
      for (const name of Object.keys(p.optionalDependencies ?? {}))
        if (!resolveFrom(path, name)) missing.push(`${path || '(root)'} → ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('holds a native binary for Linux, macOS and Windows, on x64 and arm64, of each package that ships them', () => {
    const families = Object.entries(lock.packages).flatMap(([path, p]) => {
      const natives = Object.keys(p.optionalDependencies ?? {})
        .map((name) => lock.packages[resolveFrom(path, name) ?? ''])
        .filter((q): q is Locked => Boolean(q && (q.os || q.cpu)));
      // One platform-bound optional package (fsevents) is a feature of that platform, not a binary per platform.
      return natives.length > 1 ? [{ path, natives }] : [];
    });
    expect(families.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        'node_modules/esbuild',
        'node_modules/rollup',
        'node_modules/@biomejs/biome',
      ]),
    );
    const uncovered = families.flatMap(({ path, natives }) =>
      PLATFORMS.filter(({ os, cpu }) => !natives.some((q) => fits(q, os, cpu))).map(
        ({ os, cpu }) => `${path}: ${os}-${cpu}`,
      ),
    );
    expect(uncovered).toEqual([]);
  });

  it('every package with an install script is approved or denied by name in package.json allowScripts; esbuild alone runs its', () => {
    const scripted = Object.entries(lock.packages)
      .filter(([path, p]) => path && p.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(scripted).toContain('esbuild');
    expect(scripted.filter((name) => pkg.allowScripts?.[name] === undefined)).toEqual([]);
    expect(Object.entries(pkg.allowScripts ?? {}).filter(([, allowed]) => allowed)).toEqual([
      ['esbuild', true],
    ]);
  });
});
