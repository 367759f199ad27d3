// `npm run api-types`: writes the typed client's types (test/support/api-types.ts) from the
// service's /openapi.json, as an API user would with openapi-typescript.
import { writeFile } from 'node:fs/promises';
import { startTestService } from '../test/support/test-service.js';
import { API_TYPES_FILE, generateApiTypes } from '../test/support/api-types-gen.js';

const svc = await startTestService();
try {
  const document = await (await svc.call('GET', '/openapi.json')).json();
  await writeFile(API_TYPES_FILE, await generateApiTypes(document));
  console.log(`wrote ${API_TYPES_FILE}`);
} finally {
  await svc.close();
}
