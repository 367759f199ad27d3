// `tsx scripts/seed-pglite-folder.ts DIR`: DIR made a migrated PGlite data folder, as a service's
// first start leaves it, from the tests' migrated image (test/support/pglite-image.ts). A folder
// that holds a database already is left as it is.
import { seedPgliteFolder } from '../test/support/pglite-image.js';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: tsx scripts/seed-pglite-folder.ts DIR');
  process.exit(1);
}
await seedPgliteFolder(folder);
