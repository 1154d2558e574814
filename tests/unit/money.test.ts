import { amountCents, centsAmount } from '../../shared/money';

const usd = (amount: string) => ({ amount, currencyCode: 'USD' });

describe('money in integer cents (shared/money.ts)', () => {
  test.each([
    ['67.5', 6750],
    ['85.0', 8500],
    ['85', 8500],
    ['0.1', 10],
    ['14.28', 1428],
    ['1.005', 101],
    ['-3.25', -325],
  ])('"%s" is %d cents', (amount, cents) => {
    expect(amountCents(usd(amount))).toBe(cents);
  });

  test('0.1 + 0.2 stays exact in cents', () => {
    expect(centsAmount(amountCents(usd('0.1')) + amountCents(usd('0.2')))).toBe('0.30');
  });

  test.each([
    [6750, '67.50'],
    [8500, '85.00'],
    [5, '0.05'],
    [-325, '-3.25'],
  ])('%d cents is "%s"', (cents, amount) => {
    expect(centsAmount(cents)).toBe(amount);
  });

  test('refuses what is not an amount', () => {
    expect(() => amountCents(usd('12,50'))).toThrow(TypeError);
    expect(() => amountCents(usd(''))).toThrow(TypeError);
  });
});
