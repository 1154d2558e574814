import { formatCalendarDate, formatDate, formatMoney } from '../../client/lib/format';

/** What the browser's Intl writes for an amount: the fast path must write the same characters. */
const intl = (amount: string, currencyCode: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currencyCode }).format(Number(amount));

describe('formatMoney (client/lib/format.ts)', () => {
  test.each([
    ['85.0', '$85.00'],
    ['85', '$85.00'],
    ['67.5', '$67.50'],
    ['0', '$0.00'],
    ['0.05', '$0.05'],
    ['1234.5', '$1,234.50'],
    ['1000000', '$1,000,000.00'],
    ['-3.25', '-$3.25'],
  ])('US dollars "%s" are written %s, as Intl writes them', (amount, shown) => {
    expect(formatMoney({ amount, currencyCode: 'USD' })).toBe(shown);
    expect(intl(amount, 'USD')).toBe(shown);
  });

  it('writes every dollar amount Intl writes, to the character, across magnitudes, cents and signs', () => {
    const amounts = ['-0', '-0.00', '007.5', '999999999999999', '123456789012.34'];
    for (let i = 0; i < 3000; i++) {
      const whole = Math.floor(10 ** ((i % 13) + Math.random()) * Math.random());
      const cents =
        i % 3 === 0
          ? ''
          : `.${String(i % 100)
              .padStart(i % 3 === 1 ? 1 : 2, '0')
              .slice(0, i % 3 === 1 ? 1 : 2)}`;
      amounts.push(`${i % 7 === 0 ? '-' : ''}${whole}${cents}`);
    }
    expect(amounts.filter((amount) => formatMoney({ amount, currencyCode: 'USD' }) !== intl(amount, 'USD'))).toEqual([]);
  });

  test.each([
    ['1.005', 'USD'],
    ['1e3', 'USD'],
    ['85.0', 'EUR'],
    ['85.0', 'JPY'],
    ['12.5', 'CAD'],
  ])('"%s" %s, outside the fast path, is written by Intl', (amount, currencyCode) => {
    expect(formatMoney({ amount, currencyCode })).toBe(intl(amount, currencyCode));
  });
});

describe('dates without Intl (client/lib/format.ts)', () => {
  const newYork = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: 'long', day: 'numeric' });
  const utc = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

  it('formatDate writes the New York day Intl writes, every 97 minutes from 2007 to 2040 (DST changes, New Years, midnights)', () => {
    const wrong: string[] = [];
    for (let ms = Date.UTC(2007, 0, 1); ms < Date.UTC(2041, 0, 1); ms += 97 * 60_000) {
      const iso = new Date(ms).toISOString();
      if (formatDate(iso) !== newYork.format(new Date(ms))) wrong.push(iso);
    }
    expect(wrong).toEqual([]);
  });

  test.each([
    ['2026-12-12T05:00:00Z', 'December 12, 2026'],
    ['2026-12-12T04:59:59Z', 'December 11, 2026'],
    ['2026-03-08T06:59:59Z', 'March 8, 2026'],
    ['2026-11-01T05:30:00Z', 'November 1, 2026'],
    ['1999-07-04T12:00:00Z', 'July 4, 1999'],
    ['not a date', 'not a date'],
  ])('formatDate("%s") is "%s"', (iso, shown) => {
    expect(formatDate(iso)).toBe(shown);
  });

  it('formatCalendarDate writes a day as Intl writes it in UTC, for every day from 1990 to 2040', () => {
    const wrong: string[] = [];
    for (let ms = Date.UTC(1990, 0, 1); ms < Date.UTC(2041, 0, 1); ms += 86_400_000) {
      const day = new Date(ms).toISOString().slice(0, 10);
      if (formatCalendarDate(day) !== utc.format(new Date(ms))) wrong.push(day);
    }
    expect(wrong).toEqual([]);
  });

  test.each([
    ['2026-05-06', 'May 6, 2026'],
    ['2026-05-06T23:30:00Z', 'May 6, 2026'],
    ['2026-02-30', '2026-02-30'],
    ['2026-13-01', '2026-13-01'],
    ['soon', 'soon'],
  ])('formatCalendarDate("%s") is "%s"', (value, shown) => {
    expect(formatCalendarDate(value)).toBe(shown);
  });
});
