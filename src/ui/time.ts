/**
 * How the extension's popup and the team dashboard word time: one wording for both, so "3 min ago"
 * in the popup is "3 min ago" on the dashboard. Plain functions of two numbers (epoch ms), no DOM,
 * unit-tested in test/unit/ui/time.test.ts.
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "12 s ago", "5 min ago", "3 h ago", "yesterday", "4 days ago", "2 months ago", "in 5 min". */
export function timeAgo(at: number, now: number): string {
  const diff = Math.round((now - at) / 1000);
  const s = Math.abs(diff);
  if (s < 15) return 'just now';
  const span = spanWords(s);
  if (span === 'yesterday') return diff > 0 ? 'yesterday' : 'tomorrow';
  return diff > 0 ? `${span} ago` : `in ${span}`;
}

/** Each unit words a span until it would round to the next unit: 23 h 50 min is a day, not "24 h". */
function spanWords(s: number): string {
  if (s < MINUTE) return `${s} s`;
  const minutes = Math.round(s / MINUTE);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(s / HOUR);
  if (hours < 24) return `${hours} h`;
  const days = Math.max(1, Math.round(s / DAY));
  if (days === 1) return 'yesterday';
  if (days < 30) return `${days} days`;
  const months = Math.round(days / 30.4);
  if (months < 12) return months === 1 ? '1 month' : `${months} months`;
  const years = Math.round(days / 365);
  return years === 1 ? '1 year' : `${years} years`;
}

/** A running clock for something in progress: "0:07", "2:05", "1:02:03". */
export function elapsed(fromMs: number, now: number): string {
  const total = Math.max(0, Math.floor((now - fromMs) / 1000));
  const h = Math.floor(total / HOUR);
  const m = Math.floor((total % HOUR) / MINUTE);
  const sec = String(total % MINUTE).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** How long something took: "450 ms", "3.2 s", "2 min 5 s". */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * How long a person must wait, in minutes and hours: "less than a minute", "55 min", "2 h 5 min",
 * "3 days". Rounded up, so that acting when the words say never comes too early.
 */
export function waitWords(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < MINUTE) return 'less than a minute';
  if (s < HOUR) return `${Math.ceil(s / MINUTE)} min`;
  if (s < 2 * DAY) {
    const minutes = Math.ceil(s / MINUTE);
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  return `${Math.ceil(s / DAY)} days`;
}

/**
 * A service's message with its waits worded for a person: the API states them in seconds
 * ("try again in 3271 seconds", its `Retry-After`), which nobody reads at a glance.
 */
export function wordWaits(message: string): string {
  return message.replace(/\b(\d+) seconds?\b/g, (_all, n: string) => waitWords(Number(n)));
}

/** The exact time, for a title attribute next to a relative one. */
export function exactTime(at: number): string {
  return new Date(at).toLocaleString();
}
