// Types of scripts/bundle-size.mjs for wxt.config.ts (the script itself runs in plain Node).
import type { WxtViteConfig } from 'wxt';

/** A Vite plugin of the Vite that WXT builds with. */
type Plugin = NonNullable<WxtViteConfig['plugins']>[number];

export const BUDGETS: Record<string, number>;
export const FORBIDDEN: Record<string, { pattern: RegExp; why: string }[]>;
export const NETWORK_MAP_FILE: string;
export function statsDirFor(outDir: string): string;
export function pureContractSchemas(): Plugin;
export function bundleStats(): Plugin;
export function clearBundleStats(outDir: string): void;
export function checkBundles(
  outDir?: string,
  options?: {
    top?: number;
    budgets?: Record<string, number>;
    baseline?: Record<string, { bytes: number; modules: Record<string, number> }>;
  },
): { lines: string[]; failures: string[]; record: Record<string, unknown> };
