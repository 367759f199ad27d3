import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { findPostgres, startBenchService } from './setup.js';
import { loadPosts } from './posts-dataset.js';
import { writeBenchResults } from './results-file.js';

/**
 * `npx tsx bench/mcp-posts.ts`: one page of collected posts through the MCP tool `search_posts`
 * against the same query as `GET /api-posts`, on the same service and data, interleaved request by
 * request (the machine is shared and noisy), on PGlite and (when reachable) PostgreSQL. Each MCP
 * call is what a stateless client pays: one POST carrying the tools/call, answered as an event
 * stream. Goal: MCP's median within 1.5x of REST's. Writes bench/results/mcp-posts-*.json.
 * BENCH_MCP_POSTS changes the size, BENCH_MCP_REQUESTS the requests per side.
 */
const POSTS = Number(process.env.BENCH_MCP_POSTS ?? 20_000);
const REQUESTS = Number(process.env.BENCH_MCP_REQUESTS ?? 60);

interface McpPostsResult {
  database: string;
  posts: number;
  requests: number;
  rest_p50_ms: number;
  mcp_p50_ms: number;
  /** mcp / rest, medians. */
  ratio: number;
  error?: string;
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const round = (v: number) => Math.round(v * 100) / 100;

async function benchOne(label: string, url: string): Promise<McpPostsResult> {
  const svc = await startBenchService(label, url, 1);
  try {
    const wl = await loadPosts(svc, POSTS);
    const query = { watchlist_id: wl, sort_by: 'recent', page: '1' };
    const restUrl = `${svc.url}/api-posts?${new URLSearchParams(query)}`;
    const headers = { 'x-api-key': svc.apiKey };
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${svc.url}/mcp`), {
        requestInit: { headers },
      }),
    );
    const rest: number[] = [];
    const mcp: number[] = [];
    for (let i = 0; i < REQUESTS + 3; i++) {
      let t0 = performance.now();
      const res = await fetch(restUrl, { headers });
      const body = (await res.json()) as { data: unknown[] };
      const restMs = performance.now() - t0;
      t0 = performance.now();
      const answer = await client.callTool({ name: 'search_posts', arguments: query });
      const mcpMs = performance.now() - t0;
      const page = answer.structuredContent as { data: unknown[] } | undefined;
      if (res.status !== 200 || answer.isError || page?.data.length !== body.data.length)
        throw new Error('REST and MCP answered differently');
      if (i < 3) continue;
      rest.push(restMs);
      mcp.push(mcpMs);
    }
    await client.close();
    const r = median(rest);
    const m = median(mcp);
    return {
      database: label,
      posts: POSTS,
      requests: REQUESTS,
      rest_p50_ms: round(r),
      mcp_p50_ms: round(m),
      ratio: round(m / r),
    };
  } finally {
    await svc.close();
  }
}

export async function runMcpPostsBench(): Promise<{ file: string; results: McpPostsResult[] }> {
  const results: McpPostsResult[] = [];
  const targets: [string, string | null][] = [
    ['PGlite', 'memory://'],
    ['PostgreSQL', await findPostgres()],
  ];
  for (const [label, url] of targets) {
    if (!url) continue;
    try {
      results.push(await benchOne(label, url));
    } catch (err) {
      results.push({
        database: label,
        posts: POSTS,
        requests: REQUESTS,
        rest_p50_ms: 0,
        mcp_p50_ms: 0,
        ratio: 0,
        error: (err as Error).message,
      });
    }
  }
  const file = await writeBenchResults('mcp-posts', { benchmark: 'mcp-posts', results });
  return { file, results };
}

export function printMcpPostsTable(results: McpPostsResult[]) {
  console.log('\nsearch_posts over MCP vs GET /api-posts (one page of 20, same run; goal ≤ 1.5x)');
  console.table(
    results.map((r) =>
      r.error
        ? { database: r.database, error: r.error }
        : {
            database: r.database,
            posts: r.posts,
            requests: r.requests,
            'REST p50 ms': r.rest_p50_ms,
            'MCP p50 ms': r.mcp_p50_ms,
            'MCP / REST': r.ratio,
          },
    ),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { file, results } = await runMcpPostsBench();
  printMcpPostsTable(results);
  console.log(`written to ${file}`);
  process.exit(0);
}
