/** `chrome 131` / `firefox 133` from the user agent, for the heartbeat. */
export function browserName(userAgent: string): string {
  const firefox = /Firefox\/(\d+)/.exec(userAgent);
  if (firefox) return `firefox ${firefox[1]}`;
  const edge = /Edg\/(\d+)/.exec(userAgent);
  if (edge) return `edge ${edge[1]}`;
  const chrome = /(?:Chrome|Chromium)\/(\d+)/.exec(userAgent);
  if (chrome) return `chrome ${chrome[1]}`;
  return userAgent.slice(0, 100) || 'unknown';
}
