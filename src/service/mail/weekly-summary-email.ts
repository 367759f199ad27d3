import type { MailMessage } from './mailer.js';
import { escapeHtml } from './escape-html.js';
import type { WeeklySummary } from '../../contract/weekly-summary.js';

/** How much of a post's text a mail quotes. */
const QUOTE_CHARS = 200;

const quote = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS - 1)}…` : flat;
};
const percent = (r: number | null) => (r === null ? 'n/a' : `${Math.round(r * 100)}%`);
const change = (n: number, r: number | null) =>
  `${n >= 0 ? '+' : ''}${n}${r === null ? '' : ` (${n >= 0 ? '+' : ''}${Math.round(r * 100)}%)`}`;

/** A count the network never gave is said to be unknown, never written as 0. */
const counted = (n: number | null, what: string) =>
  n === null ? `${what} unknown` : `${n} ${what}`;
const unknownPosts = (n: number) =>
  n === 0 ? '' : `; ${n} post${n === 1 ? '' : 's'} with counts unknown, not added`;

/** Only http(s) links are made clickable; anything else stays text. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

/**
 * A team's weekly summary as mail: each watchlist's posts against the week before with its top
 * posts, and each sequence's funnel. Post texts, names and URLs come from the network (anyone's
 * input): every one is escaped in the HTML part.
 */
export function weeklySummaryEmail(
  to: string,
  s: WeeklySummary,
  opts: { publicUrl?: string } = {},
): MailMessage {
  const text: string[] = [`${s.team.name}: the week of ${s.week.from} to ${s.week.to} (UTC)`, ''];
  const html: string[] = [
    `<h2 style="font-size: 18px">${escapeHtml(s.team.name)}: the week of ${escapeHtml(s.week.from)} to ${escapeHtml(s.week.to)} (UTC)</h2>`,
  ];

  text.push('WATCHLISTS');
  html.push('<h3 style="font-size: 16px">Watchlists</h3>');
  if (s.watchlists.length === 0) {
    text.push('No watchlists.');
    html.push('<p>No watchlists.</p>');
  }
  for (const w of s.watchlists) {
    const line = `${w.posts} posts (${change(w.posts_change, w.posts_change_rate)} on the week before), engagement ${w.engagement}${unknownPosts(w.unknown_counts)} (was ${w.previous_engagement}${unknownPosts(w.previous_unknown_counts)})`;
    text.push('', `${w.name}: ${line}`);
    html.push(`<p><strong>${escapeHtml(w.name)}</strong>: ${escapeHtml(line)}</p>`);
    if (w.top_posts.length) html.push('<ol>');
    for (const p of w.top_posts) {
      const counts = `${counted(p.likes_count, 'likes')}, ${counted(p.comments_count, 'comments')}, ${counted(p.shares_count, 'shares')}`;
      text.push(`  - ${p.author_name}: "${quote(p.content)}" (${counts}) ${p.linkedin_post_url}`);
      const url = safeUrl(p.linkedin_post_url);
      const body = `${escapeHtml(p.author_name)}: “${escapeHtml(quote(p.content))}” (${counts})`;
      html.push(`<li>${url ? `<a href="${escapeHtml(url)}">${body}</a>` : body}</li>`);
    }
    if (w.top_posts.length) html.push('</ol>');
  }

  text.push('', 'SEQUENCES');
  html.push('<h3 style="font-size: 16px">Sequences</h3>');
  if (s.sequences.length === 0) {
    text.push('No sequences.');
    html.push('<p>No sequences.</p>');
  }
  for (const q of s.sequences) {
    const line =
      `${q.enrolled} enrolled, ${q.invited} invited, ${q.accepted} accepted (${percent(q.acceptance_rate)}), ` +
      `${q.messaged} messaged, ${q.replied} replied (${percent(q.reply_rate)})`;
    text.push(`${q.name}: ${line}`);
    html.push(`<p><strong>${escapeHtml(q.name)}</strong>: ${escapeHtml(line)}</p>`);
  }

  const footer = `You receive this because the team turned on its weekly summary. Turn it off for yourself with PUT /api-team-members/weekly-summary-mail${opts.publicUrl ? ` (${opts.publicUrl})` : ''}.`;
  text.push('', footer);
  html.push(`<p style="color: #666">${escapeHtml(footer)}</p>`);

  return {
    to,
    subject: `${s.team.name}: your week of ${s.week.from} on Network Agent`.replace(
      /[\r\n]+/g,
      ' ',
    ),
    text: text.join('\n'),
    html: `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1b1b1b">
${html.join('\n')}
</body></html>`,
  };
}
