import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every file and folder of the code is named in one case, kebab-case (`task-kinds.ts`), so a name
 * is found by one spelling; the task type `agent_like_post` lives in `agent-like-post.ts`.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FOLDERS = ['src', 'entrypoints', 'test', 'scripts', 'bench'];

/** kebab-case words, then one or more extensions: `task-kinds.ts`, `api.test.ts`, `e2e`. */
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*$/;

/** Names another convention fixes, and why. */
const EXCEPTIONS: { pattern: RegExp; why: string }[] = [
  {
    // The migration runner applies files in name order and records each name as applied.
    pattern: /^src\/service\/db\/migrations\/\d{3}[a-z]?_[a-z0-9_]+\.sql$/,
    why: 'migrations: a number, then the words in snake_case like the tables they create',
  },
  {
    // bench/goal-check.ts reads the bench's name and the run's time from a results file's name.
    pattern: /^test\/unit\/bench\/fixtures\/[a-z0-9-]+-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/,
    why: 'recorded bench results: the bench, then the ISO time of the run, as bench/results/ names them',
  },
  { pattern: /(?:^|\/)README\.md$/, why: 'the name every forge shows first' },
  { pattern: /(?:^|\/)\.gitkeep$/, why: "git's convention for an empty folder" },
];

/** The files git tracks or would track (ignored run outputs left out) that exist now. */
function files(): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...FOLDERS],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return [...new Set(out.split('\n').filter((f) => f && existsSync(`${ROOT}${f}`)))];
}

/** The paths of `list` with a file or folder name that is neither kebab-case nor an exception. */
function misnamed(list: string[]): string[] {
  return list.filter(
    (path) =>
      !EXCEPTIONS.some((e) => e.pattern.test(path)) &&
      path.split('/').some((part) => !KEBAB.test(part)),
  );
}

describe('file names', () => {
  it('finds the files it is about (a walk that found nothing would pass)', () => {
    const list = files();
    expect(list.length).toBeGreaterThan(300);
    expect(list).toContain('src/network/operations/agent-like-post.ts');
  });

  it('tells a misnamed file from a well-named one', () => {
    expect(
      misnamed([
        'src/network/operations/agent_like_post.ts',
        'src/ui/TaskList.ts',
        'test/Unit/x.test.ts',
        'src/service/db/migrations/001_core.sql',
        'src/service/db/migration_notes.sql',
        'src/contract/task-kinds.ts',
        'bench/results/.gitkeep',
      ]),
    ).toEqual([
      'src/network/operations/agent_like_post.ts',
      'src/ui/TaskList.ts',
      'test/Unit/x.test.ts',
      'src/service/db/migration_notes.sql',
    ]);
  });

  it('names every file under src/, entrypoints/, test/, scripts/ and bench/ in kebab-case', () => {
    expect(misnamed(files())).toEqual([]);
  });
});
