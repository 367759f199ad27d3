/** The contract's schemas the worker checks, as JSON Schema: written by the build (scripts/contract-schemas.ts). */
declare module 'virtual:contract-schemas' {
  const schemas: Record<string, import('./json-schema-check.js').JsonSchema>;
  export default schemas;
}
