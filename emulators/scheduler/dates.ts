/**
 * The scheduler emulator's own calendar-day helpers (it imports nothing from the app, see
 * docs/architecture.md §2). A day is a New York calendar day written 'YYYY-MM-DD' (`Day`).
 * Arithmetic works on whole days counted in UTC, where every day is 24 h long, so daylight-saving
 * changes cannot move a day; only `newYorkClock` looks at the time zone.
 */
import { formatInTimeZone } from 'date-fns-tz';

/** A New York calendar day, 'YYYY-MM-DD'. */
export type Day = string;

const TIME_ZONE = 'America/New_York';
const MS_PER_DAY = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole days since 1970-01-01 of a real calendar day, or null (bad format, or e.g. 02-30). */
function toOrdinal(day: string): number | null {
  const parts = DAY_PATTERN.exec(day);
  if (!parts) return null;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const instant = new Date(Date.UTC(year, month - 1, date));
  const real = instant.getUTCFullYear() === year && instant.getUTCMonth() === month - 1 && instant.getUTCDate() === date;
  return real ? instant.getTime() / MS_PER_DAY : null;
}

function ordinalOf(day: Day): number {
  const ordinal = toOrdinal(day);
  if (ordinal === null) throw new RangeError(`Scheduler emulator: "${day}" is not a YYYY-MM-DD calendar day`);
  return ordinal;
}

function fromOrdinal(ordinal: number): Day {
  return new Date(ordinal * MS_PER_DAY).toISOString().slice(0, 10);
}

/** True when `text` is a 'YYYY-MM-DD' day that exists in the calendar. */
export function isDay(text: string): boolean {
  return toOrdinal(text) !== null;
}

/** The day of `year`, 1-based `month` and `date`, or null when it does not exist (e.g. 2027-02-29). */
export function dayOf(year: number, month: number, date: number): Day | null {
  const text = [String(year).padStart(4, '0'), String(month).padStart(2, '0'), String(date).padStart(2, '0')].join('-');
  return isDay(text) ? text : null;
}

/** The day `count` days after `day` (before it when negative). @throws RangeError on a bad day */
export function plusDays(day: Day, count: number): Day {
  return fromOrdinal(ordinalOf(day) + count);
}

/** Days from `from` to `to`: positive when `to` is later. @throws RangeError on a bad day */
export function daysFrom(from: Day, to: Day): number {
  return ordinalOf(to) - ordinalOf(from);
}

/** 0 = Sunday … 6 = Saturday (JS `getDay()` numbering). @throws RangeError on a bad day */
export function weekdayIndex(day: Day): number {
  return new Date(ordinalOf(day) * MS_PER_DAY).getUTCDay();
}

/** The New York day and hour (0–23) at instant `now`. */
export function newYorkClock(now: Date): { day: Day; hour: number } {
  const [day, hour] = formatInTimeZone(now, TIME_ZONE, 'yyyy-MM-dd HH').split(' ');
  return { day, hour: Number(hour) };
}
