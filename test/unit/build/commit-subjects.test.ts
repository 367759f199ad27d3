import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkCommitSubjects,
  longSubjects,
  MAX_SUBJECT,
} from '../../../scripts/commit-subjects.mjs';

/**
 * `npm test` fails on a commit subject over 72 characters after the formatting commit
 * (scripts/commit-subjects.mjs), checked here on a real repository made for the test.
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

function repo(subjects: string[]): { dir: string; first: string } {
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
  return { dir, first: git('rev-list', '--max-parents=0', 'HEAD') };
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
    const result = checkCommitSubjects(dir, first);
    expect(result).toMatchObject({ checked: 3 });
    expect('long' in result && result.long.map((c) => c.subject)).toEqual([long]);
  });

  it('all within 72 characters: passes', () => {
    const { dir, first } = repo(['Base', 'Short one', 'Another short one']);
    expect(checkCommitSubjects(dir, first)).toEqual({ checked: 2, long: [] });
  });

  it('counts characters, not bytes', () => {
    expect(longSubjects(`abc1234\t${'é'.repeat(72)}\n`)).toEqual([]);
    expect(longSubjects(`abc1234\t${'é'.repeat(73)}\n`)).toHaveLength(1);
  });

  it('without history it says why and checks nothing', () => {
    expect(checkCommitSubjects(scratch())).toEqual({
      skipped: 'not a git clone (no history to check)',
    });
    const { dir } = repo(['Only commit']);
    expect(checkCommitSubjects(dir)).toMatchObject({
      skipped: expect.stringMatching(/^commit dc48265 is not in this clone's history/),
    });
  });
});
