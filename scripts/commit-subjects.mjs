#!/usr/bin/env node
// Commit subjects that `git log --oneline` can show: one line of at most 72 characters, the why in
// the body. Checked over every commit after SINCE (the commit that formatted the tree; the subjects
// before it are as they were written). Part of `npm test`; run alone: `node scripts/commit-subjects.mjs`.
// Without git history (a source archive, not a clone) it says so and checks nothing.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SINCE = 'dc482653668b3362a7c6f6f7be87e0a04635fc33';
export const MAX_SUBJECT = 72;

/** The subjects over the limit, from `git log --format=%h%x09%s` lines. */
export function longSubjects(log, max = MAX_SUBJECT) {
  return log
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      return { commit: line.slice(0, tab), subject: line.slice(tab + 1) };
    })
    .filter((c) => [...c.subject].length > max);
}

/**
 * The check in the repository at `root` over the commits after `since`: `{ skipped }` with why when
 * there is no history to read, else `{ checked, long }`.
 */
export function checkCommitSubjects(root, since = SINCE) {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (git('rev-parse', '--git-dir').status !== 0)
    return { skipped: 'not a git clone (no history to check)' };
  if (git('cat-file', '-e', `${since}^{commit}`).status !== 0)
    return {
      skipped: `commit ${since.slice(0, 7)} is not in this clone's history (shallow clone?)`,
    };
  const log = git('log', '--format=%h%x09%s', `${since}..HEAD`);
  if (log.status !== 0) throw new Error(`git log failed: ${log.stderr}`);
  return { checked: log.stdout.split('\n').filter(Boolean).length, long: longSubjects(log.stdout) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = checkCommitSubjects(resolve(dirname(fileURLToPath(import.meta.url)), '..'));
  if ('skipped' in result) {
    console.log(`Commit subjects: not checked, ${result.skipped}.`);
    process.exit(0);
  }
  for (const c of result.long)
    console.error(`✗ ${c.commit}: subject of ${[...c.subject].length} characters: ${c.subject}`);
  console.log(
    `Commit subjects after ${SINCE.slice(0, 7)}: ${result.checked} checked, ${result.long.length} longer than ${MAX_SUBJECT} characters`,
  );
  process.exit(result.long.length ? 1 : 0);
}
