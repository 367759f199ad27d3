// Types of scripts/commit-subjects.mjs for its unit test (the script itself runs in plain Node).
export const SINCE: string;
export const MAX_SUBJECT: number;
export function longSubjects(log: string, max?: number): { commit: string; subject: string }[];
export function checkCommitSubjects(
  root: string,
  since?: string,
): { skipped: string } | { checked: number; long: { commit: string; subject: string }[] };
