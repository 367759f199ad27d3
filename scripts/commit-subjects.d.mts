// Types of scripts/commit-subjects.mjs for its unit test (the script itself runs in plain Node).
export const SINCE: string;
export const AREA_SINCE: string;
export const MAX_SUBJECT: number;
export function longSubjects(log: string, max?: number): { commit: string; subject: string }[];
export function unformedSubjects(log: string): { commit: string; subject: string; why: string }[];
export function checkCommitSubjects(
  root: string,
  since?: string,
  areaSince?: string,
):
  | { skipped: string }
  | {
      checked: number;
      long: { commit: string; subject: string }[];
      unformed: { commit: string; subject: string; why: string }[];
    };
