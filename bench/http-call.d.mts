import type { Agent } from 'node:http';

/** bench/http-call.mjs: one request over node:http; the status and the parsed answer (null for none). */
export function httpCall(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  sockets: Agent,
): Promise<{ status: number; body: unknown }>;
