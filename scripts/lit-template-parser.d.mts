// Types of scripts/lit-template-parser.mjs for wxt.config.ts (the script itself runs in plain Node).
import type { WxtViteConfig } from 'wxt';

export function litTemplateParser(): NonNullable<WxtViteConfig['plugins']>[number];
