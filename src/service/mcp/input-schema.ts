import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from '../../contract/zod.js';
import type { McpTool } from './tool.js';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown> };

/**
 * A tool's input schema: its contract schema as JSON Schema (draft 7, which every client reads),
 * as a caller writes it (`io: 'input'`: before the schema's own normalising). What JSON Schema cannot
 * say (a refinement across fields) the tool still checks, answering a tool error naming the field.
 * MCP wants an object at the top: a union of bodies is listed as an object of either shape.
 */
export function inputSchema(tool: McpTool): Tool['inputSchema'] {
  const schema = toJson(tool.schema);
  for (const [name, field] of Object.entries(tool.extraProperties ?? {})) {
    schema.properties = { ...schema.properties, [name]: toJson(field) };
  }
  return { ...schema, type: 'object' } as Tool['inputSchema'];
}

function toJson(schema: z.core.$ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  delete json.$schema;
  return json;
}
