#!/usr/bin/env node
// Commit subjects that `git log --oneline` can show: one line of at most 72 characters, the why in
// the body. Checked over every commit after SINCE (the commit that formatted the tree; the subjects
// before it are as they were written). After AREA_SINCE (the commit this rule landed on) a subject
// also has the form `area: what changed`, with a lower-case area, and never says when the work was
// done: the date is in the commit, the subject says what the tree holds.
// Part of `npm test`; run alone: `node scripts/commit-subjects.mjs`.
// Without git history (a source archive, not a clone) it says so and checks nothing.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SINCE = 'dc482653668b3362a7c6f6f7be87e0a04635fc33';
export const AREA_SINCE = '2af67736bc113f64e3d1898cf5ce5a0c1c1a5929';
export const MAX_SUBJECT = 72;

/** `area: what changed`: a lower-case area (words, `/`, `-` allowed), a colon, a space, the what. */
const AREA_FORM = /^[a-z0-9][a-z0-9 /-]*: \S/;
/** Words that say when the work was done rather than what changed. */
const WHEN =
  /\b(?:today|tonight|yesterday|this (?:morning|afternoon|evening|stop|session)|the (?:morning|afternoon|evening)|afternoon)\b/i;

/** Each line of `git log --format=%h%x09%s` as its commit and subject. */
function commits(log) {
  return log
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      return { commit: line.slice(0, tab), subject: line.slice(tab + 1) };
    });
}

/** The subjects not of the form `area: what changed`, or naming when the work was done, with why. */
export function unformedSubjects(log) {
  return commits(log).flatMap((c) => {
    if (!AREA_FORM.test(c.subject))
      return [{ ...c, why: 'not of the form `area: what changed` (lower-case area)' }];
    const when = WHEN.exec(c.subject);
    return when ? [{ ...c, why: `says when the work was done ("${when[0]}")` }] : [];
  });
}

/** The subjects over the limit, from `git log --format=%h%x09%s` lines. */
export function longSubjects(log, max = MAX_SUBJECT) {
  return commits(log).filter((c) => [...c.subject].length > max);
}

/**
 * The check in the repository at `root` over the commits after `since` (length) and after
 * `areaSince` (form): `{ skipped }` with why when there is no history to read, else
 * `{ checked, long, unformed }`.
 */
export function checkCommitSubjects(root, since = SINCE, areaSince = AREA_SINCE) {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (git('rev-parse', '--git-dir').status !== 0)
    return { skipped: 'not a git clone (no history to check)' };
  if (git('cat-file', '-e', `${since}^{commit}`).status !== 0)
    return {
      skipped: `commit ${since.slice(0, 7)} is not in this clone's history (shallow clone?)`,
    };
  if (git('cat-file', '-e', `${areaSince}^{commit}`).status !== 0)
    return {
      skipped: `commit ${areaSince.slice(0, 7)} is not in this clone's history (shallow clone?)`,
    };
  const log = git('log', '--format=%h%x09%s', `${since}..HEAD`);
  if (log.status !== 0) throw new Error(`git log failed: ${log.stderr}`);
  const recent = git('log', '--format=%h%x09%s', `${areaSince}..HEAD`);
  if (recent.status !== 0) throw new Error(`git log failed: ${recent.stderr}`);
  return {
    checked: log.stdout.split('\n').filter(Boolean).length,
    long: longSubjects(log.stdout),
    unformed: unformedSubjects(recent.stdout),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = checkCommitSubjects(resolve(dirname(fileURLToPath(import.meta.url)), '..'));
  if ('skipped' in result) {
    console.log(`Commit subjects: not checked, ${result.skipped}.`);
    process.exit(0);
  }
  for (const c of result.long)
    console.error(`✗ ${c.commit}: subject of ${[...c.subject].length} characters: ${c.subject}`);
  for (const c of result.unformed) console.error(`✗ ${c.commit}: ${c.why}: ${c.subject}`);
  console.log(
    `Commit subjects after ${SINCE.slice(0, 7)}: ${result.checked} checked, ${result.long.length} longer than ${MAX_SUBJECT} characters; after ${AREA_SINCE.slice(0, 7)}: ${result.unformed.length} not \`area: what changed\``,
  );
  process.exit(result.long.length || result.unformed.length ? 1 : 0);
}
