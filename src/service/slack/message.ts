/** A post as it is announced; a count the network never gave is null (unknown, not zero). */
export interface AnnouncedPost {
  author_name: string;
  author_url: string;
  post_url: string;
  content: string;
  likes_count: number | null;
  comments_count: number | null;
  shares_count: number | null;
}

/** Posts listed in one message; the rest are counted (Slack allows 50 blocks a message). */
export const MAX_POSTS_PER_MESSAGE = 10;
const SNIPPET_CHARS = 280;

// Slack mrkdwn: &, < and > must be escaped in text; a link is <url|label>.
const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeUrl = (s: string) => s.replace(/[<>|\s]/g, encodeURIComponent);

const counted = (n: number | null, what: string) =>
  n === null ? `${what} unknown` : `${n} ${what}`;

function snippet(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS - 1).trimEnd()}…` : flat;
}

/**
 * One Slack message (Block Kit) for a cycle's new posts of a keyword watchlist: a header, then per
 * post the author (linked), a snippet, a link to the post and its counts ("likes unknown" for a
 * count the network never gave). `text` is the fallback
 * shown in notifications.
 */
export function buildAnnouncement(watchlistName: string, posts: AnnouncedPost[], total: number) {
  const title = `${total} new post${total === 1 ? '' : 's'} for ${watchlistName}`;
  const blocks: unknown[] = [
    { type: 'header', text: { type: 'plain_text', text: title.slice(0, 150), emoji: true } },
  ];
  for (const p of posts.slice(0, MAX_POSTS_PER_MESSAGE)) {
    const author = p.author_url
      ? `<${escapeUrl(p.author_url)}|${escapeText(p.author_name || 'Unknown author')}>`
      : escapeText(p.author_name || 'Unknown author');
    blocks.push(
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `*${author}*\n${escapeText(snippet(p.content)) || '_(no text)_'}`,
        },
      },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: `<${escapeUrl(p.post_url)}|View post> · ${counted(p.likes_count, 'likes')} · ${counted(p.comments_count, 'comments')} · ${counted(p.shares_count, 'shares')}`,
          },
        ],
      },
      { type: 'divider' },
    );
  }
  if (total > MAX_POSTS_PER_MESSAGE) {
    blocks.push({
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: `…and ${total - MAX_POSTS_PER_MESSAGE} more in the dashboard` },
      ],
    });
  }
  return { text: escapeText(title), blocks };
}
