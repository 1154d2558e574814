/**
 * Delivery / pickup date availability (spec §3 "Date availability result", §5 Calendar,
 * docs/architecture.md §7): validating the scheduling service's answer and turning it into what the date
 * selector needs. Runs in the browser and on the server: no Node APIs.
 *
 * Every date here is a **New York calendar day** written as a `DateKey` ('YYYY-MM-DD'). Calendar
 * arithmetic on keys is done in UTC, where days are always 24 h long, so DST changes and year
 * ends cannot shift a day; only `newYorkNow`, `newYorkYear` and `newYorkInstant` touch the time zone.
 *
 * The upstream answer (Zapiet calendar endpoint) is `{ minDate, maxDate, disabled }`:
 * minDate/maxDate are 'YYYY-MM-DD' (Zapiet documents `maxDate: null` for "no upper bound"), and
 * `disabled` mixes weekday numbers 1 = Sunday … 7 = Saturday with pickadate.js
 * `[year, month, day]` arrays whose month is 0-based (`[2026, 11, 25]` = 25 December 2026).
 */
import type { Matcher } from 'react-day-picker';

export const NEW_YORK = 'America/New_York';

/**
 * A value made on first use: an `Intl.DateTimeFormat` with a time zone costs milliseconds to
 * build, which the browser's first load should not pay before it needs a date.
 */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** A New York calendar day, 'YYYY-MM-DD'. */
export type DateKey = string;

/** pickadate.js date: [year, 0-based month, day]. */
export type PickadateDate = [number, number, number];

/** A validated scheduler answer; plain JSON, so it can be cached and sent to the browser. */
export type AvailabilityAnswer = {
  minDate: DateKey;
  maxDate: DateKey | null;
  disabled: (number | PickadateDate)[];
};

/** Hour of day (New York) that the calendar bounds use (spec §5: "Bounds use 16:00"). */
export const BOUND_HOUR = 16;

/** How far past minDate to look for a selectable day when the answer has no maxDate. */
const OPEN_ENDED_SEARCH_DAYS = 366;

const DAY_MS = 86_400_000;
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since the epoch of a valid key, or null when the text is not a real calendar date. */
function dayNumber(key: string): number | null {
  const match = DATE_KEY.exec(key);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-30 over to March: a round trip rejects impossible dates.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

function keyFromDayNumber(days: number): DateKey {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** True when `text` is a 'YYYY-MM-DD' key of a real calendar date. */
export function isDateKey(text: unknown): text is DateKey {
  return typeof text === 'string' && dayNumber(text) !== null;
}

/** Key of year / 1-based month / day, or null when that date does not exist. */
export function dateKey(year: number, month: number, day: number): DateKey | null {
  const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isDateKey(key) ? key : null;
}

/** The key `days` calendar days after (negative: before) `key`. Throws on an invalid key. */
export function addDays(key: DateKey, days: number): DateKey {
  return keyFromDayNumber(validDayNumber(key) + days);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). Throws on invalid keys. */
export function daysBetween(from: DateKey, to: DateKey): number {
  return validDayNumber(to) - validDayNumber(from);
}

/** Weekday of a key in JS `getDay()` numbering: 0 = Sunday … 6 = Saturday. */
export function weekdayOf(key: DateKey): number {
  return new Date(validDayNumber(key) * DAY_MS).getUTCDay();
}

function validDayNumber(key: DateKey): number {
  const days = dayNumber(key);
  if (days === null) throw new RangeError(`Not a YYYY-MM-DD calendar date: ${key}`);
  return days;
}

/** Eastern daylight time's first year under the rule below; earlier instants are read through Intl. */
const DST_RULE_SINCE = 2007;

/** The day of month of the `nth` Sunday of a month (0-based `month`), in UTC. */
function nthSunday(year: number, month: number, nth: number): number {
  return 1 + ((7 - new Date(Date.UTC(year, month, 1)).getUTCDay()) % 7) + 7 * (nth - 1);
}

/**
 * New York's offset from UTC in hours at `ms`: −4 in daylight time, −5 otherwise. Daylight time
 * runs from the second Sunday in March, 02:00 EST (07:00 UTC), to the first Sunday in November,
 * 02:00 EDT (06:00 UTC), as US law has set since 2007 (15 U.S.C. 260a). Computed, not read from
 * Intl: the first `Intl` object of a page loads the browser's locale data, a long task on a
 * phone (client/lib/format.ts), and every page's first render reads New York dates.
 * tests/unit/availability.test.ts checks it against Intl's America/New_York at every hour.
 */
function newYorkOffsetHours(ms: number): -4 | -5 {
  const year = new Date(ms).getUTCFullYear();
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 7);
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 6);
  return ms >= start && ms < end ? -4 : -5;
}

/** Intl's New York wall clock, for instants before {@link DST_RULE_SINCE}. `hourCycle: 'h23'` gives 0–23. */
const newYorkParts = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: NEW_YORK,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    }),
);

/** New York wall-clock fields of an instant (`month` 1–12, `hour` 0–23). */
function newYorkFields(instant: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const ms = instant.getTime();
  if (instant.getUTCFullYear() >= DST_RULE_SINCE) {
    const wall = new Date(ms + newYorkOffsetHours(ms) * 3_600_000);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    };
  }
  const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of newYorkParts().formatToParts(instant)) if (part.type in fields) fields[part.type as keyof typeof fields] = Number(part.value);
  // Some engines still write midnight as 24 despite h23.
  if (fields.hour === 24) fields.hour = 0;
  return fields;
}

/** New York's offset from UTC at `ms` (e.g. -5 h in winter), in milliseconds. */
function newYorkOffsetMs(ms: number): number {
  const f = newYorkFields(new Date(ms));
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - Math.floor(ms / 1000) * 1000;
}

/** The New York calendar day and hour (0–23) at instant `now`. */
export function newYorkNow(now: Date): { date: DateKey; hour: number } {
  const f = newYorkFields(now);
  const date = `${String(f.year).padStart(4, '0')}-${String(f.month).padStart(2, '0')}-${String(f.day).padStart(2, '0')}`;
  return { date, hour: f.hour };
}

/** The instant of `hour`:00 New York time on day `key` (EST or EDT, whichever applies that day). */
export function newYorkInstant(key: DateKey, hour: number): Date {
  const wall = validDayNumber(key) * DAY_MS + hour * 3_600_000;
  // The offset at the guess, then at the corrected instant (they differ only across a DST change).
  const first = wall - newYorkOffsetMs(wall);
  return new Date(wall - newYorkOffsetMs(first));
}

/** The New York calendar day of an instant, e.g. a day the calendar handed back. */
export function newYorkDateKey(instant: Date): DateKey {
  return newYorkNow(instant).date;
}

/** The New York calendar year of an instant (the footer's copyright year, client/components/Footer.tsx). */
export function newYorkYear(instant: Date): number {
  return newYorkFields(instant).year;
}

function isWeekdayNumber(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 7;
}

function pickadateKey(value: unknown): DateKey | null {
  if (!Array.isArray(value) || value.length !== 3 || !value.every(Number.isInteger)) return null;
  const [year, month, day] = value as number[];
  return dateKey(year, month + 1, day);
}

/** Whether `value` is a real [year, 0-based month, day], as the scheduler lists closed days. */
function isPickadateDate(value: unknown): value is PickadateDate {
  return pickadateKey(value) !== null;
}

/**
 * Validates a scheduler answer. Returns a clean copy (extra upstream fields dropped), or null
 * for anything malformed: missing/invalid minDate, maxDate neither null nor a date, maxDate
 * before minDate, a weekday outside 1–7, or an array that is not a real [y, 0-based m, d].
 * Callers treat null exactly like a failed call: no dates (spec §7).
 */
export function parseAvailability(raw: unknown): AvailabilityAnswer | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { minDate, maxDate = null, disabled = [] } = raw as Record<string, unknown>;
  if (!isDateKey(minDate)) return null;
  if (maxDate !== null && !(isDateKey(maxDate) && daysBetween(minDate, maxDate) >= 0)) return null;
  if (!Array.isArray(disabled)) return null;
  const clean: (number | PickadateDate)[] = [];
  for (const entry of disabled) {
    if (isWeekdayNumber(entry)) clean.push(entry);
    else if (isPickadateDate(entry)) clean.push([entry[0], entry[1], entry[2]]);
    else return null;
  }
  return { minDate, maxDate, disabled: clean };
}

/** What the date selector needs, derived from a validated answer. */
export type CalendarAvailability = {
  minDate: DateKey;
  maxDate: DateKey | null;
  /** 16:00 New York on minDate / maxDate (spec §5); toDate is null when open-ended. */
  fromDate: Date;
  toDate: Date | null;
  /** Closed weekdays in JS getDay() numbering (0 = Sunday), ascending. */
  disabledWeekdays: number[];
  /** Closed specific days, ascending. */
  disabledDates: DateKey[];
  /** The earliest day a shopper can pick, or null when none is (show "no dates"). */
  firstSelectableDate: DateKey | null;
  /** Whether `key` is inside the bounds, on an open weekday and not a closed date. */
  isDateSelectable(key: DateKey): boolean;
};

/** Derives bounds, closed weekdays/dates and the first selectable day from an answer. */
export function calendarAvailability(answer: AvailabilityAnswer): CalendarAvailability {
  const { minDate, maxDate } = answer;
  const disabledWeekdays = [...new Set(answer.disabled.filter((d): d is number => typeof d === 'number').map((d) => d - 1))].sort((a, b) => a - b);
  const disabledDates = [...new Set(answer.disabled.flatMap((d) => (typeof d === 'number' ? [] : [pickadateKey(d) as DateKey])))].sort();
  const closed = new Set(disabledDates);
  const isDateSelectable = (key: DateKey): boolean =>
    isDateKey(key) &&
    daysBetween(minDate, key) >= 0 &&
    (maxDate === null || daysBetween(key, maxDate) >= 0) &&
    !disabledWeekdays.includes(weekdayOf(key)) &&
    !closed.has(key);
  const lastDay = maxDate ?? addDays(minDate, OPEN_ENDED_SEARCH_DAYS);
  let firstSelectableDate: DateKey | null = null;
  for (let key = minDate; daysBetween(key, lastDay) >= 0; key = addDays(key, 1)) {
    if (isDateSelectable(key)) {
      firstSelectableDate = key;
      break;
    }
  }
  return {
    minDate,
    maxDate,
    fromDate: newYorkInstant(minDate, BOUND_HOUR),
    toDate: maxDate === null ? null : newYorkInstant(maxDate, BOUND_HOUR),
    disabledWeekdays,
    disabledDates,
    firstSelectableDate,
    isDateSelectable,
  };
}

/**
 * New York day `key` as react-day-picker's day: the browser-local Date at noon of that calendar
 * day. The calendar picks days, not instants, so it runs in the browser's own zone with days
 * carried by their numbers; noon keeps clear of any zone's midnight DST change. Throws on an
 * invalid key.
 */
export function calendarDay(key: DateKey): Date {
  const utc = new Date(validDayNumber(key) * DAY_MS);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), 12);
}

/** The New York day key of a day react-day-picker handed back (`calendarDay`'s inverse). Throws on an invalid Date. */
export function calendarDayKey(day: Date): DateKey {
  const key = dateKey(day.getFullYear(), day.getMonth() + 1, day.getDate());
  if (key === null) throw new RangeError(`Not a calendar day: ${String(day)}`);
  return key;
}

/**
 * Props for react-day-picker's `<DayPicker>` that disable exactly the non-selectable days.
 *
 * Every Date here and in the calendar's `selected`/`onSelect` is a `calendarDay`: a New York
 * day's number in the browser's zone, so a browser far from New York (Tokyo, Honolulu) shows the
 * same days, and `today` is New York's day at `now`. The calendar is not given a `timeZone`: with
 * one, react-day-picker reads a zone offset through Intl for every date it makes, hundreds per
 * render, which made choosing a date take 150–250 ms on a phone (`npm run bench:inp`).
 * `startMonth`/`endMonth` limit month navigation to the range (spec §5).
 */
export function dayPickerProps(
  calendar: CalendarAvailability,
  now: Date = new Date(),
): {
  startMonth: Date;
  endMonth: Date | undefined;
  defaultMonth: Date;
  today: Date;
  disabled: Matcher[];
} {
  const disabled: Matcher[] = [{ before: calendarDay(calendar.minDate) }];
  if (calendar.maxDate) disabled.push({ after: calendarDay(calendar.maxDate) });
  if (calendar.disabledWeekdays.length) disabled.push({ dayOfWeek: calendar.disabledWeekdays });
  if (calendar.disabledDates.length) disabled.push(calendar.disabledDates.map(calendarDay));
  return {
    startMonth: calendarDay(calendar.minDate),
    endMonth: calendar.maxDate ? calendarDay(calendar.maxDate) : undefined,
    defaultMonth: calendarDay(calendar.firstSelectableDate ?? calendar.minDate),
    today: calendarDay(newYorkNow(now).date),
    disabled,
  };
}

const displayFormat = once(
  () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
);

/** "Wednesday, November 25, 2026" for '2026-11-25' (the day itself, in any browser zone). */
export function formatDateForDisplay(key: DateKey): string {
  return displayFormat().format(new Date(validDayNumber(key) * DAY_MS));
}
