// Types of scripts/unused-exports.mjs for its unit test (the script itself runs in plain Node).
export function unusedExports(root?: string): { file: string; name: string; line: number }[];
