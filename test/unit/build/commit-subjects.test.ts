import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AREA_SINCE,
  checkCommitSubjects,
  longSubjects,
  MAX_SUBJECT,
  unformedSubjects,
} from '../../../scripts/commit-subjects.mjs';

/**
 * `npm test` fails on a commit subject over 72 characters after the formatting commit, and on one
 * not of the form `area: what changed` or naming when the work was done after the commit that
 * rule landed on (scripts/commit-subjects.mjs), checked here on a real repository made for the test.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'na-subjects-'));
  dirs.push(dir);
  return dir;
}

function repo(subjects: string[]): { dir: string; first: string; at: (n: number) => string } {
  const dir = scratch();
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Test',
        GIT_AUTHOR_EMAIL: 'test@example.com',
        GIT_COMMITTER_NAME: 'Test',
        GIT_COMMITTER_EMAIL: 'test@example.com',
      },
    }).trim();
  git('init', '-q');
  for (const s of subjects) git('commit', '-q', '--allow-empty', '-m', s);
  const hashes = git('rev-list', '--reverse', 'HEAD').split('\n');
  return { dir, first: hashes[0]!, at: (n) => hashes[n]! };
}

describe('commit subjects', () => {
  it('one over 72 characters after the named commit fails the check, naming it', () => {
    const long = `Add ${'x'.repeat(MAX_SUBJECT - 3)}`;
    const { dir, first } = repo([
      `Before the named commit, as long as it liked: ${'y'.repeat(120)}`,
      'A short subject',
      `${'z'.repeat(MAX_SUBJECT)}`,
      long,
    ]);
    const result = checkCommitSubjects(dir, first, first);
    expect(result).toMatchObject({ checked: 3 });
    expect('long' in result && result.long.map((c) => c.subject)).toEqual([long]);
  });

  it('all within 72 characters: passes', () => {
    const { dir, first } = repo(['Base', 'tasks: short one', 'docs: another short one']);
    expect(checkCommitSubjects(dir, first, first)).toEqual({ checked: 2, long: [], unformed: [] });
  });

  it('after the area commit, a subject not `area: what changed` or saying when fails, named', () => {
    const { dir, first, at } = repo([
      'Base',
      'Before the rule, any form',
      'build: the rule lands',
      'keys: a rotated key works a day',
      'e2e: the popup test waits for the sync',
      'api-types / contract: regenerated from the schemas',
      'Benchmarks: the run after CI',
      'no colon here',
      'tasks:no space after the colon',
      'bench: the evening run, every goal met',
      'docs: This Morning the glossary',
      'sequences: a step waits out its delay tonight',
    ]);
    const result = checkCommitSubjects(dir, first, at(2));
    expect(result).toMatchObject({ checked: 11, long: [] });
    expect('unformed' in result && result.unformed.map((c) => [c.subject, c.why])).toEqual([
      ['sequences: a step waits out its delay tonight', 'says when the work was done ("tonight")'],
      ['docs: This Morning the glossary', 'says when the work was done ("This Morning")'],
      ['bench: the evening run, every goal met', 'says when the work was done ("the evening")'],
      ['tasks:no space after the colon', 'not of the form `area: what changed` (lower-case area)'],
      ['no colon here', 'not of the form `area: what changed` (lower-case area)'],
      ['Benchmarks: the run after CI', 'not of the form `area: what changed` (lower-case area)'],
    ]);
  });

  it('names the times a subject may not give, and lets the same words through as other words', () => {
    const why = (subject: string) => unformedSubjects(`abc1234\t${subject}\n`)[0]?.why ?? null;
    for (const when of [
      'today',
      'Tonight',
      'this afternoon',
      'the evening',
      'this stop',
      'this session',
    ])
      expect(why(`bench: the run of ${when}`)).toMatch(/^says when/);
    expect(why('budgets: a safety stop pauses the member')).toBeNull();
    expect(why('sequences: stop on reply, by label')).toBeNull();
  });

  it('counts characters, not bytes', () => {
    expect(longSubjects(`abc1234\t${'é'.repeat(72)}\n`)).toEqual([]);
    expect(longSubjects(`abc1234\t${'é'.repeat(73)}\n`)).toHaveLength(1);
  });

  it('without history it says why and checks nothing', () => {
    expect(checkCommitSubjects(scratch())).toEqual({
      skipped: 'not a git clone (no history to check)',
    });
    const { dir, first } = repo(['Only commit']);
    expect(checkCommitSubjects(dir)).toMatchObject({
      skipped: expect.stringMatching(/^commit dc48265 is not in this clone's history/),
    });
    expect(checkCommitSubjects(dir, first)).toEqual({
      skipped: `commit ${AREA_SINCE.slice(0, 7)} is not in this clone's history (shallow clone?)`,
    });
  });
});
