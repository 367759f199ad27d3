import { readFile } from 'node:fs/promises';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';

/** The guides an assistant may read: the files of the repository's docs/ folder, as they ship. */
const DOCS = new URL('../../../docs/', import.meta.url);

const GUIDES: (Resource & { file: string })[] = [
  {
    uri: 'docs://api',
    name: 'api-guide',
    title: 'API guide',
    description:
      'How the HTTP API works: authentication, tasks and their polling, watchlists, posts, errors.',
    mimeType: 'text/markdown',
    file: 'api.md',
  },
  {
    uri: 'docs://budgets',
    name: 'budgets',
    title: 'Budgets and pacing',
    description:
      'The limits that keep a member’s account safe: action budgets per day and week, pacing, working hours.',
    mimeType: 'text/markdown',
    file: 'budgets.md',
  },
];

/** Read once per process, on first use. */
let texts: Promise<Map<string, string>> | null = null;

function loadTexts(): Promise<Map<string, string>> {
  texts ??= Promise.all(
    GUIDES.map(async (g) => [g.uri, await readFile(new URL(g.file, DOCS), 'utf8')] as const),
  ).then((entries) => new Map(entries));
  return texts;
}

export function listGuides(): Resource[] {
  return GUIDES.map(({ file: _file, ...r }) => r);
}

export async function readGuide(
  uri: string,
): Promise<{ uri: string; text: string; mimeType: string } | null> {
  const text = (await loadTexts()).get(uri);
  return text === undefined ? null : { uri, text, mimeType: 'text/markdown' };
}
