import type { SequencesResponse } from '../contract/sequences.js';
import { call } from './api.js';
import type { Session } from './session.js';

/** The kinds of figures charted, each read on its own. */
export type ChartKind = 'watchlist' | 'sequence' | 'member';

/** A watchlist or sequence to choose in a chart's picker. */
export interface Choice {
  id: string;
  name: string;
}

/** The charts' range: the last `days` days to today, by day or by week. */
export interface ChartRange {
  days: number;
  bucket: 'day' | 'week';
}

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
/** The reader's own date `days` days ago, as YYYY-MM-DD. */
const dayOffset = (days: number) => {
  const now = new Date();
  const local = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
};

/**
 * One watchlist's, sequence's or member's figures over the range (GET /api-stats/…), its days
 * those of the reader's time zone; a member is named by e-mail.
 */
export function readStats<T>(
  session: Session,
  kind: ChartKind,
  id: string,
  range: ChartRange,
): Promise<T> {
  const query = {
    from: dayOffset(range.days - 1),
    to: dayOffset(0),
    bucket: range.bucket,
    tz: localZone(),
  };
  if (kind === 'member')
    return call<T>('GET', '/api-stats/members', { session, query: { ...query, email: id } });
  return call<T>('GET', `/api-stats/${kind}s/${encodeURIComponent(id)}`, { session, query });
}

/** The team's sequences to chart, as the picker offers them. */
export async function sequenceChoices(session: Session): Promise<Choice[]> {
  const { sequences } = await call<SequencesResponse>('GET', '/api-sequences', { session });
  return sequences.map((s) => ({ id: s.id, name: s.name }));
}
