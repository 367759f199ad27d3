import type { WorkingHours } from '../../contract/budgets.js';

/**
 * Whether a member's write actions may run at `now`, and when they may again. Wall-clock times in
 * the member's own time zone (Intl), so summer time moves the window with the member.
 */
export function writesWindow(
  wh: WorkingHours | null,
  now: Date,
): { open: boolean; opensAt: Date | null } {
  if (!wh) return { open: true, opensAt: null };
  const local = wallClock(now, wh.time_zone);
  const minutes = local.hour * 60 + local.minute;
  if (
    wh.days.includes(local.isoDay) &&
    minutes >= toMinutes(wh.start) &&
    minutes < toMinutes(wh.end)
  )
    return { open: true, opensAt: null };
  // The next day (today included, if its window is still ahead) whose window opens after now.
  for (let ahead = 0; ahead <= 7; ahead++) {
    const day = addDays(local, ahead);
    if (!wh.days.includes(day.isoDay)) continue;
    const [h, m] = wh.start.split(':').map(Number) as [number, number];
    const opens = zonedInstant(day.year, day.month, day.day, h, m, wh.time_zone);
    if (opens.getTime() > now.getTime()) return { open: false, opensAt: opens };
  }
  return { open: false, opensAt: null };
}

/** "Mon–Fri 08:00–20:00 Europe/Paris" */
export function describeWorkingHours(wh: WorkingHours): string {
  const names = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const days = [...new Set(wh.days)].sort((a, b) => a - b);
  const contiguous = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  const dayText = contiguous
    ? `${names[days[0]!]}–${names[days[days.length - 1]!]}`
    : days.map((d) => names[d]).join(', ');
  return `${dayText} ${wh.start}–${wh.end} ${wh.time_zone}`;
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 1 Monday … 7 Sunday */
  isoDay: number;
}

function wallClock(at: Date, timeZone: string): Wall {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const isoDay = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  return {
    year: +parts.year!,
    month: +parts.month!,
    day: +parts.day!,
    hour: +parts.hour!,
    minute: +parts.minute!,
    isoDay,
  };
}

function addDays(w: Wall, n: number): Wall {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + n));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: 0,
    minute: 0,
    isoDay: ((d.getUTCDay() + 6) % 7) + 1,
  };
}

/** The instant at which the wall clock of `timeZone` reads the given date and time. */
function zonedInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at a first guess, then again at the corrected instant (a DST change between).
  let instant = asUtc - offsetMs(new Date(asUtc), timeZone);
  instant = asUtc - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

function offsetMs(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return wallAsUtc - Math.floor(at.getTime() / 60_000) * 60_000;
}
