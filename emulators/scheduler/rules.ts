/**
 * The scheduler emulator's rules engine: which days a pickup or delivery can happen, answered
 * in the upstream's calendar format (`CalendarAnswer` below, defined here and not taken from the
 * app, so the app's parser is tested against an independent statement of the format).
 * Everything is New York calendar days; the only clock input is the injected `now`.
 *
 * How a calendar is computed for `type` at instant `now` (New York day `today`, hour `h`):
 * - minDate = today + leadDays + the largest tag lead time among the cart's products
 *   (+1 when h >= cutoffHour: an order after the cut-off counts as placed the next day);
 * - maxDate = today + horizonDays;
 * - disabled = the closed weekdays (1 = Sunday … 7 = Saturday) and every blackout date between
 *   minDate and maxDate as [year, 0-based month, day]; the calendar skips them, minDate is not moved.
 */
import { dayOf, daysFrom, isDay, newYorkClock, plusDays, weekdayIndex, type Day } from './dates';

/** pickadate.js date as Zapiet sends it: [year, 0-based month, day], e.g. [2026, 11, 25] = 25 Dec. */
export type PickadateDay = [number, number, number];

/**
 * The calendar endpoint's 200 body (Zapiet's format): New York days 'YYYY-MM-DD' for the first
 * and last bookable day, and `disabled` mixing closed weekdays (1 = Sunday … 7 = Saturday) with
 * closed dates as `PickadateDay`. Zapiet also documents `maxDate: null` for "no upper bound";
 * the emulator always sends a date.
 */
export type CalendarAnswer = {
  minDate: Day;
  maxDate: Day;
  disabled: (number | PickadateDay)[];
};

export type FulfillmentType = 'pickup' | 'delivery';

/** Index = JS getDay() number. */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * A closed day: 'MM-DD' every year (e.g. '12-25'), 'YYYY-MM-DD' once, or the nth weekday of a
 * month every year (`nth` 1–5, or -1 for the last), e.g. Thanksgiving = 4th Thursday of November.
 */
export type Blackout = string | { month: number; weekday: Weekday; nth: number };

export type FulfillmentRules = {
  /** Location ids this type answers for; any other id is a 404. */
  locationIds: string[];
  /** Calendar days between ordering and the earliest date. */
  leadDays: number;
  /** New York hour (0–23) from which today's orders count as tomorrow's. */
  cutoffHour: number;
  closedWeekdays: Weekday[];
};

export type SchedulerRules = {
  /** The `shop` query parameter the emulator accepts; any other shop is a 404. */
  shop: string;
  pickup: FulfillmentRules;
  delivery: FulfillmentRules;
  /** Days closed for both pickup and delivery. */
  blackouts: Blackout[];
  /** maxDate = today + horizonDays. */
  horizonDays: number;
  /** Product tag (case-insensitive) → extra lead days for a cart containing that product. */
  tagLeadDays: Record<string, number>;
};

/**
 * Gramercy Stems' defaults: same-day pickup at the shop and same-day delivery for orders placed
 * before 2pm New York (what the site's copy promises: "Order by 2pm for same-day delivery"),
 * the next open day after that; NY holidays off. `startEmulators` reports `shop` and the first
 * pickup/delivery location ids as the connection settings (emulators/index.ts).
 */
export const DEFAULT_SCHEDULER_RULES: SchedulerRules = {
  shop: 'gramercy-stems.myshopify.com',
  pickup: { locationIds: ['101'], leadDays: 0, cutoffHour: 14, closedWeekdays: ['monday'] },
  delivery: { locationIds: ['201'], leadDays: 0, cutoffHour: 14, closedWeekdays: ['sunday'] },
  blackouts: ['01-01', '07-04', { month: 11, weekday: 'thursday', nth: 4 }, '12-25'],
  horizonDays: 60,
  tagLeadDays: { 'lead-time-3-days': 3 },
};

const MONTH_DAY = /^(\d{2})-(\d{2})$/;

/** The day a blackout falls on in `year`, or null when it does not fall in that year. */
function blackoutIn(blackout: Blackout, year: number): Day | null {
  if (typeof blackout === 'object') return nthWeekday(year, blackout);
  if (isDay(blackout)) return blackout.startsWith(`${year}-`) ? blackout : null;
  const match = MONTH_DAY.exec(blackout);
  if (!match || !dayOf(2000, Number(match[1]), Number(match[2]))) {
    throw new Error(`Scheduler blackout "${blackout}" is neither MM-DD nor YYYY-MM-DD`);
  }
  // 02-29 exists only in leap years: dayOf gives null otherwise.
  return dayOf(year, Number(match[1]), Number(match[2]));
}

function nthWeekday(year: number, { month, weekday, nth }: Exclude<Blackout, string>): Day | null {
  const first = dayOf(year, month, 1);
  const target = WEEKDAYS.indexOf(weekday);
  if (!first || target < 0 || !(nth === -1 || (nth >= 1 && nth <= 5))) {
    throw new Error(`Scheduler blackout ${JSON.stringify({ month, weekday, nth })} is not a valid nth weekday`);
  }
  const firstMatch = plusDays(first, (target - weekdayIndex(first) + 7) % 7);
  if (nth > 0) {
    const day = plusDays(firstMatch, 7 * (nth - 1));
    return day.slice(0, 7) === firstMatch.slice(0, 7) ? day : null;
  }
  let last = firstMatch;
  while (plusDays(last, 7).slice(0, 7) === first.slice(0, 7)) last = plusDays(last, 7);
  return last;
}

/** Every blackout day from `from` to `to` inclusive, ascending; throws on a malformed blackout. */
export function blackoutDates(blackouts: Blackout[], from: Day, to: Day): Day[] {
  const days = new Set<Day>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    for (const blackout of blackouts) {
      const day = blackoutIn(blackout, year);
      if (day && daysFrom(from, day) >= 0 && daysFrom(day, to) >= 0) days.add(day);
    }
  }
  return [...days].sort();
}

/** Extra lead days a cart needs: the largest `tagLeadDays` entry among its products' tags. */
export function tagLeadDays(rules: SchedulerRules, cartProductTags: string[][]): number {
  const byTag = new Map(Object.entries(rules.tagLeadDays).map(([tag, days]) => [tag.toLowerCase(), days]));
  return Math.max(0, ...cartProductTags.flat().map((tag) => byTag.get(tag.toLowerCase()) ?? 0));
}

/** The calendar answer for `type` at instant `now`, for a cart whose products carry these tags. */
export function calendarFor(rules: SchedulerRules, type: FulfillmentType, now: Date, cartProductTags: string[][]): CalendarAnswer {
  const { leadDays, cutoffHour, closedWeekdays } = rules[type];
  const { day: today, hour } = newYorkClock(now);
  const minDate = plusDays(today, leadDays + tagLeadDays(rules, cartProductTags) + (hour >= cutoffHour ? 1 : 0));
  const maxDate = plusDays(today, rules.horizonDays);
  const weekdays = closedWeekdays.map((day) => WEEKDAYS.indexOf(day) + 1);
  const dates = blackoutDates(rules.blackouts, minDate, maxDate).map((key): PickadateDay => [
    Number(key.slice(0, 4)),
    Number(key.slice(5, 7)) - 1,
    Number(key.slice(8, 10)),
  ]);
  return { minDate, maxDate, disabled: [...weekdays, ...dates] };
}

/** Throws a readable error for rules that would produce a wrong calendar (typos in overrides). */
export function assertValidRules(rules: SchedulerRules): void {
  const isCount = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  for (const type of ['pickup', 'delivery'] as const) {
    const { leadDays, cutoffHour, closedWeekdays } = rules[type];
    if (!isCount(leadDays)) throw new Error(`Scheduler ${type}.leadDays must be a whole number of days`);
    if (!isCount(cutoffHour) || cutoffHour > 24) throw new Error(`Scheduler ${type}.cutoffHour must be 0–24`);
    const unknown = closedWeekdays.filter((day) => !WEEKDAYS.includes(day));
    if (unknown.length) throw new Error(`Scheduler ${type}.closedWeekdays has unknown days: ${unknown.join(', ')}`);
  }
  if (!isCount(rules.horizonDays)) throw new Error('Scheduler horizonDays must be a whole number of days');
  if (!Object.values(rules.tagLeadDays).every(isCount)) throw new Error('Scheduler tagLeadDays must be whole numbers of days');
  blackoutDates(rules.blackouts, '2000-01-01', '2000-12-31');
}
