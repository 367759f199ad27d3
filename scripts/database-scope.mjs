// Which service test files CI's PostgreSQL pass (TEST_SCOPE=database) runs again: all of
// test/service but those marked, on a line of their own, `// Either database: <why>`. A marked
// file runs the same whatever DATABASE_URL says (a real process on its own PGlite, a private
// PostgreSQL server of its own, no database at all), so a second run would test nothing new.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EITHER_DATABASE = /^\/\/ Either database: \S/m;

/** The test files under `dir` (recursively), as paths joined onto `dir`. */
function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? testFiles(join(dir, e.name))
      : e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** The files under `dir` marked as running the same on either database. */
export function eitherDatabaseFiles(dir = 'test/service') {
  return testFiles(dir).filter((f) => EITHER_DATABASE.test(readFileSync(f, 'utf8')));
}
