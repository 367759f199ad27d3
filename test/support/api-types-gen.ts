import openapiTS, { astToString } from 'openapi-typescript';

/** Where the typed client's types live (generated, committed, checked current by typed-client.test.ts). */
export const API_TYPES_FILE = 'test/support/api-types.ts';

/** TypeScript types of /openapi.json, as an API user generates them with openapi-typescript. */
export async function generateApiTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
  return (
    "// Generated from the service's /openapi.json by openapi-typescript (`npm run api-types`); do not edit.\n" +
    '// test/service/http/typed-client.test.ts fails when it is not current.\n' +
    astToString(ast)
  );
}
