import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  addDays,
  calendarAvailability,
  calendarDay,
  calendarDayKey,
  dayPickerProps,
  formatDateForDisplay,
  newYorkDateKey,
  newYorkNow,
  newYorkYear,
  parseAvailability,
  type AvailabilityAnswer,
} from '../../shared/availability';

/** Every day from `from` to `to`, for enumerating what a shopper can pick. */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

function calendar(answer: unknown) {
  const parsed = parseAvailability(answer);
  if (!parsed) throw new Error('expected a valid answer');
  return calendarAvailability(parsed);
}

describe('parseAvailability', () => {
  it('accepts weekday numbers 1 (Sunday) and 7 (Saturday) and 0-based month arrays, dropping extra fields', () => {
    const answer = { minDate: '2026-12-01', maxDate: '2027-01-31', disabled: [1, 7, [2026, 11, 25], [2027, 0, 1]], minTime: ['09', '00'] };
    expect(parseAvailability(answer)).toEqual({ minDate: '2026-12-01', maxDate: '2027-01-31', disabled: [1, 7, [2026, 11, 25], [2027, 0, 1]] });
  });

  it('accepts an open-ended answer (Zapiet sends maxDate: null)', () => {
    expect(parseAvailability({ minDate: '2026-12-01', maxDate: null, disabled: [] })).toEqual({ minDate: '2026-12-01', maxDate: null, disabled: [] });
  });

  it.each([
    ['not an object', 'oops'],
    ['null', null],
    ['missing minDate', { maxDate: '2026-12-31', disabled: [] }],
    ['minDate in another format', { minDate: '2026/12/01', maxDate: '2026-12-31', disabled: [] }],
    ['impossible minDate', { minDate: '2026-02-30', maxDate: '2026-12-31', disabled: [] }],
    ['maxDate before minDate', { minDate: '2026-12-31', maxDate: '2026-12-01', disabled: [] }],
    ['weekday 0', { minDate: '2026-12-01', maxDate: '2026-12-31', disabled: [0] }],
    ['weekday 8', { minDate: '2026-12-01', maxDate: '2026-12-31', disabled: [8] }],
    ['month 12 (months are 0-based)', { minDate: '2026-12-01', maxDate: '2026-12-31', disabled: [[2026, 12, 1]] }],
    ['a date that does not exist', { minDate: '2026-12-01', maxDate: '2026-12-31', disabled: [[2026, 1, 30]] }],
    ['a date as a string', { minDate: '2026-12-01', maxDate: '2026-12-31', disabled: ['2026-12-25'] }],
    ['disabled not a list', { minDate: '2026-12-01', maxDate: '2026-12-31', disabled: 1 }],
  ])('rejects %s', (_label, raw) => {
    expect(parseAvailability(raw)).toBeNull();
  });
});

describe('calendarAvailability', () => {
  it('converts 1-based-Sunday weekdays to getDay() and 0-based months to dates, December and January included', () => {
    const c = calendar({ minDate: '2026-12-01', maxDate: '2027-01-31', disabled: [7, 1, [2027, 0, 1], [2026, 11, 25]] });
    expect(c.disabledWeekdays).toEqual([0, 6]);
    expect(c.disabledDates).toEqual(['2026-12-25', '2027-01-01']);
  });

  it('puts the bounds at 16:00 New York: 21:00 UTC in winter (EST), 20:00 UTC in summer (EDT)', () => {
    const c = calendar({ minDate: '2026-01-15', maxDate: '2026-07-15', disabled: [] });
    expect(c.fromDate.toISOString()).toBe('2026-01-15T21:00:00.000Z');
    expect(c.toDate?.toISOString()).toBe('2026-07-15T20:00:00.000Z');
  });

  it('uses the right offset on each side of the March and November DST changes', () => {
    // 2026: clocks go forward Sunday 8 March, back Sunday 1 November.
    expect(calendar({ minDate: '2026-03-07', maxDate: '2026-03-08', disabled: [] }).fromDate.toISOString()).toBe('2026-03-07T21:00:00.000Z');
    expect(calendar({ minDate: '2026-03-07', maxDate: '2026-03-08', disabled: [] }).toDate?.toISOString()).toBe('2026-03-08T20:00:00.000Z');
    expect(calendar({ minDate: '2026-10-31', maxDate: '2026-11-01', disabled: [] }).fromDate.toISOString()).toBe('2026-10-31T20:00:00.000Z');
    expect(calendar({ minDate: '2026-10-31', maxDate: '2026-11-01', disabled: [] }).toDate?.toISOString()).toBe('2026-11-01T21:00:00.000Z');
  });

  it('lets a shopper pick exactly the open days of a DST week (March), Sundays closed', () => {
    const c = calendar({ minDate: '2026-03-05', maxDate: '2026-03-12', disabled: [1] });
    expect(daysFrom('2026-03-03', '2026-03-14').filter(c.isDateSelectable)).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
  });

  it('lets a shopper pick exactly the open days across a year end, holidays and Sundays closed', () => {
    const c = calendar({ minDate: '2026-12-24', maxDate: '2027-01-05', disabled: [1, [2026, 11, 25], [2027, 0, 1]] });
    expect(daysFrom('2026-12-20', '2027-01-08').filter(c.isDateSelectable)).toEqual([
      '2026-12-24',
      '2026-12-26',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-02',
      '2027-01-04',
      '2027-01-05',
    ]);
  });

  it('offers the first open day when minDate itself is closed', () => {
    // 2026-12-25 is a Friday (blacked out), the 26th a Saturday (closed), the 27th a Sunday.
    const c = calendar({ minDate: '2026-12-25', maxDate: '2027-01-31', disabled: [7, [2026, 11, 25]] });
    expect(c.firstSelectableDate).toBe('2026-12-27');
  });

  it('offers no date when every day in range is closed', () => {
    expect(calendar({ minDate: '2026-12-26', maxDate: '2026-12-27', disabled: [7, 1] }).firstSelectableDate).toBeNull();
    expect(calendar({ minDate: '2026-12-01', maxDate: null, disabled: [1, 2, 3, 4, 5, 6, 7] }).firstSelectableDate).toBeNull();
  });

  it('rejects malformed keys instead of calling them selectable', () => {
    const c = calendar({ minDate: '2026-12-01', maxDate: '2026-12-31', disabled: [] });
    expect(c.isDateSelectable('2026-12-32')).toBe(false);
    expect(c.isDateSelectable('12/02/2026')).toBe(false);
  });
});

describe('dayPickerProps in the browser', () => {
  const answer: AvailabilityAnswer = { minDate: '2026-12-24', maxDate: '2027-01-05', disabled: [1, [2026, 11, 25], [2027, 0, 1]] };
  const zones = ['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/London', 'Asia/Tokyo', 'Pacific/Kiritimati'];

  it('makes react-day-picker disable exactly the non-selectable New York days, whatever the browser zone', () => {
    const script = path.join(__dirname, '..', 'support', 'day-picker-in-zones.ts');
    const output = execFileSync(process.execPath, ['--import', 'tsx', script, JSON.stringify({ answer, zones })], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    const byZone = JSON.parse(output) as Record<string, Record<string, boolean>>;
    const c = calendarAvailability(answer);
    const expected = Object.fromEntries(daysFrom('2026-12-01', '2027-01-31').map((day) => [day, !c.isDateSelectable(day)]));
    for (const zone of zones) expect({ zone, days: byZone[zone] }).toEqual({ zone, days: expected });
  });

  it("marks New York's day as today: at 22:00 New York on New Year's Eve it is still the 31st", () => {
    const props = dayPickerProps(calendarAvailability(answer), new Date('2027-01-01T03:00:00Z'));
    expect(calendarDayKey(props.today)).toBe('2026-12-31');
  });

  it('hands back the New York day it was given (calendarDayKey ∘ calendarDay), every day from 2020 to 2040', () => {
    const wrong = daysFrom('2020-01-01', '2040-12-31').filter((day) => calendarDayKey(calendarDay(day)) !== day);
    expect(wrong).toEqual([]);
  });
});

describe('New York clock', () => {
  it('reads the New York day and hour across the spring-forward gap', () => {
    expect(newYorkNow(new Date('2026-03-08T06:59:00Z'))).toEqual({ date: '2026-03-08', hour: 1 });
    expect(newYorkNow(new Date('2026-03-08T07:00:00Z'))).toEqual({ date: '2026-03-08', hour: 3 });
  });

  it('turns a late-evening New York instant into its New York day, not the UTC one', () => {
    expect(newYorkDateKey(new Date('2027-01-01T04:30:00Z'))).toBe('2026-12-31');
  });

  it("reads the year in New York: a UTC New Year's morning is still New Year's Eve there", () => {
    expect(newYorkYear(new Date('2027-01-01T04:59:59Z'))).toBe(2026);
    expect(newYorkYear(new Date('2027-01-01T05:00:00Z'))).toBe(2027);
  });

  it('reads the New York day and hour Intl reads, every 127 minutes from 2006 to 2040 (the rule from 2007, Intl before)', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      hourCycle: 'h23',
    });
    const expected = (instant: Date) => {
      const parts = Object.fromEntries(intl.formatToParts(instant).map((p) => [p.type, p.value]));
      return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 };
    };
    const wrong: string[] = [];
    for (let ms = Date.UTC(2006, 0, 1); ms < Date.UTC(2041, 0, 1); ms += 127 * 60_000) {
      const instant = new Date(ms);
      const [got, want] = [newYorkNow(instant), expected(instant)];
      if (got.date !== want.date || got.hour !== want.hour) wrong.push(`${instant.toISOString()}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives the year Intl gives in America/New_York at every hour around each New Year from 2020 to 2040, and in summer', () => {
    const intlYear = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' });
    const instants: Date[] = [];
    for (let year = 2020; year <= 2040; year++) {
      for (let hour = -30; hour <= 30; hour++) instants.push(new Date(Date.UTC(year, 0, 1, hour)), new Date(Date.UTC(year, 0, 1, hour, 59, 59)));
      instants.push(new Date(Date.UTC(year, 6, 1, 3, 30)));
    }
    expect(instants.filter((instant) => newYorkYear(instant) !== Number(intlYear.format(instant))).map((i) => i.toISOString())).toEqual([]);
  });
});

describe('formatDateForDisplay', () => {
  it('spells out the day', () => {
    expect(formatDateForDisplay('2026-11-25')).toBe('Wednesday, November 25, 2026');
    expect(formatDateForDisplay('2027-01-01')).toBe('Friday, January 1, 2027');
  });
});
