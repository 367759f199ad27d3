// Types of scripts/database-scope.mjs for its unit test (the script itself runs in plain Node).
export const EITHER_DATABASE: RegExp;
export function eitherDatabaseFiles(dir?: string): string[];
