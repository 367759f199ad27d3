import { ListWatchlistsArgs, WATCHLIST_KINDS } from '../../contract/mcp.js';
import { GetTaskStatusQuery } from '../../contract/network-tasks.js';
import { PostsQuery } from '../../contract/posts.js';
import { listPosts } from '../collection/list-posts.js';
import { HttpError } from '../http/http-error.js';
import { parseInput } from '../http/route-input.js';
import { getTaskStatus } from '../tasks/get-status.js';
import { keywordWatchlists, listWatchlist, watchlistSummaries } from '../watchlists/views.js';
import { WATCHLIST_NOT_FOUND } from '../watchlists/update-keyword-watchlist.js';
import { isUuid } from '../db/is-uuid.js';
import { InboxQuery } from '../../contract/relationships.js';
import { listInbox } from '../relationships/read.js';
import { modelConfigured } from '../ai/model-client.js';
import { jsonResult, READ, type McpTool, type ToolCall } from './tool.js';

/** The reads the service answers itself, from what it stored: no task, no wait. */
export const readTools: McpTool[] = [
  {
    name: 'list_watchlists',
    description:
      "The team's watchlists (keyword, people and company), or one of them with `id` (and its list's people or " +
      'companies). `kind` narrows the list to one kind. The same views as GET /api-keyword-watchlist, ' +
      '/api-people-watchlist and /api-company-watchlist.',
    schema: ListWatchlistsArgs,
    annotations: READ,
    async run(args: Record<string, unknown>, call: ToolCall) {
      const { kind, id } = parseInput(ListWatchlistsArgs, args);
      const { db } = call.ctx;
      const teamId = call.caller.team.id;
      const kinds = kind ? [kind] : WATCHLIST_KINDS;
      if (id !== undefined) {
        for (const k of kinds) {
          const found =
            k === 'keyword'
              ? (await keywordWatchlists(db, teamId, id))[0]
              : isUuid(id)
                ? await listWatchlist(db, teamId, k, id)
                : null;
          if (found) return jsonResult({ kind: k, watchlist: found });
        }
        throw new HttpError(404, WATCHLIST_NOT_FOUND);
      }
      const out: Record<string, unknown> = {};
      for (const k of kinds)
        out[k] =
          k === 'keyword'
            ? await keywordWatchlists(db, teamId)
            : await watchlistSummaries(db, teamId, k);
      return jsonResult(out);
    },
  } as McpTool,
  {
    name: 'list_replies',
    description:
      "The members' conversations as GET /api-inbox answers them, newest activity first, each with the label the team's " +
      'model gave the other person’s newest message (`classification`: interested, not_now, not_interested, ' +
      'out_of_office, referral, other or one of the team’s own; null with `classification_error` when it failed or the ' +
      'service has no model). `classification` keeps those with that label; `unread` ("true"), `member_email`, `page`, ' +
      '`limit`, as strings. Read from what the service stored: no task.',
    schema: InboxQuery,
    queryString: true,
    annotations: READ,
    async run(args: Record<string, unknown>, call: ToolCall) {
      const q = parseInput(InboxQuery, args);
      const { db, config } = call.ctx;
      return jsonResult(await listInbox(db, call.caller.team.id, q, modelConfigured(config)));
    },
  } as McpTool,
  {
    name: 'search_posts',
    description:
      "The team's collected posts, as GET /api-posts answers them, with its filters: `watchlist_id`, pages of 20 " +
      '(`page`) or `range_from`..`range_to` (at most 100), `start_date`/`end_date` (YYYY-MM-DD, inclusive), ' +
      '`seniority_level` (comma-separated), `sort_by` (recent, popular_first, engagement), `trending` ("true"). ' +
      'Values are given as in the query string (strings); `format` is not available here.',
    schema: PostsQuery,
    queryString: true,
    annotations: READ,
    async run(args: Record<string, unknown>, call: ToolCall) {
      const q = parseInput(PostsQuery, args);
      if (q.format === 'csv')
        throw new HttpError(400, "Invalid 'format': CSV is not available over MCP");
      return jsonResult(await listPosts(call.ctx.db, call.caller.team.id, q));
    },
  } as McpTool,
  {
    name: 'get_task_status',
    description:
      'Status, input and result of a task, as GET /network-agent/get-task-status answers it. States: awaiting_approval ' +
      '(a write from an AI client waiting for a person), pending, processing, completed, failed.',
    schema: GetTaskStatusQuery,
    annotations: READ,
    async run(args: Record<string, unknown>, call: ToolCall) {
      const { api_agent_task_id } = parseInput(GetTaskStatusQuery, args);
      return jsonResult({
        success: true,
        data: await getTaskStatus(call.ctx.db, call.caller.team.id, api_agent_task_id),
      });
    },
  } as McpTool,
];
