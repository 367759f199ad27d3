import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EITHER_DATABASE, eitherDatabaseFiles } from '../../../scripts/database-scope.mjs';

/**
 * CI's PostgreSQL pass leaves out the service tests marked `// Either database:`
 * (scripts/database-scope.mjs). A mark may not hide a test that reads DATABASE_URL: such a file
 * either opens no test service or gives each its own database.
 */
describe('service tests the PostgreSQL pass leaves out', () => {
  const marked = eitherDatabaseFiles('test/service');

  it('are the files that run the same on either database, and no others', () => {
    expect(marked.length).toBeGreaterThan(0);
    for (const file of marked) {
      const text = readFileSync(file, 'utf8');
      const services = [...text.matchAll(/startTestService\(([^;]*?)\);/gs)].map((m) => m[1]!);
      expect(
        services.filter((args) => !args.includes('databaseUrl')),
        `${file}: a test service on DATABASE_URL's database`,
      ).toEqual([]);
      expect(text, file).not.toMatch(/process\.env\.DATABASE_URL\b/);
    }
  });

  it('the mark is a line of its own that says why', () => {
    expect(EITHER_DATABASE.test('// Either database: no database at all.\n')).toBe(true);
    expect(EITHER_DATABASE.test('  // Either database:\n')).toBe(false);
    expect(EITHER_DATABASE.test('/* Either database: in a block */')).toBe(false);
  });
});
