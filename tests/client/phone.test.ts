/**
 * The sign-up forms' phone formatter (client/lib/phone.ts; spec §5 "digits only, displayed as
 * (xxx) xxx-xxxx and submitted with a +1 prefix", §9 default country US).
 */
import { editPhone, formatPhone, phoneDigits, toE164 } from '../../client/lib/phone';

describe('phoneDigits', () => {
  test.each([
    ['', ''],
    ['(212) 555-0123', '2125550123'],
    ['+1 212.555.0123', '2125550123'],
    ['1-212-555-0123', '2125550123'],
    ['212 555 0123 ext 4', '2125550123'],
    ['abc', ''],
    ['1', ''],
  ])('%j → %j', (raw, digits) => {
    expect(phoneDigits(raw)).toBe(digits);
  });
});

describe('formatPhone: as the shopper types', () => {
  test('each digit of 2125550123 in turn', () => {
    const shown = [...'2125550123'].map((_, i) => formatPhone('2125550123'.slice(0, i + 1)));
    expect(shown).toEqual(['2', '21', '(212)', '(212) 5', '(212) 55', '(212) 555', '(212) 555-0', '(212) 555-01', '(212) 555-012', '(212) 555-0123']);
  });

  test('whatever the punctuation typed or pasted, and never more than ten digits', () => {
    expect(formatPhone('212-555-0123')).toBe('(212) 555-0123');
    expect(formatPhone('+1 (646) 555 0142')).toBe('(646) 555-0142');
    expect(formatPhone('21255501239999')).toBe('(212) 555-0123');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('---')).toBe('');
  });

  test('formatting is stable: a formatted value formats to itself', () => {
    for (const value of ['(212)', '(212) 555', '(212) 555-0', '(212) 555-0123']) expect(formatPhone(value)).toBe(value);
  });
});

describe('editPhone: the field after an edit', () => {
  test('typing at the end: formatted, caret at the end', () => {
    expect(editPhone('(212) 555-012', '(212) 555-0123')).toEqual({ value: '(212) 555-0123', caret: 14 });
    expect(editPhone('21', '212')).toEqual({ value: '(212)', caret: 5 });
  });

  test('Backspace over punctuation removes the digit before it', () => {
    // "(212)" → Backspace deletes ")": the field would format back to "(212)" and seem stuck.
    expect(editPhone('(212)', '(212')).toEqual({ value: '21', caret: 2 });
    // Backspace on the "-" of "(212) 555-0123" (caret after it) removes the 5 before it.
    expect(editPhone('(212) 555-0123', '(212) 5550123', 9)).toEqual({ value: '(212) 550-123', caret: 8 });
  });

  test('an edit in the middle keeps the caret after the same digit', () => {
    // "(212) 555-0|123" → Backspace removes the 0: the caret stays after the 555.
    expect(editPhone('(212) 555-0123', '(212) 555-123', 10)).toEqual({ value: '(212) 555-123', caret: 9 });
    // Typing a digit inside: "(212) 5|55-012" + "9".
    expect(editPhone('(212) 555-012', '(212) 5955-012', 8)).toEqual({ value: '(212) 595-5012', caret: 8 });
  });

  test('a deletion of a digit is just that', () => {
    expect(editPhone('(212) 555-0123', '(212) 555-012')).toEqual({ value: '(212) 555-012', caret: 13 });
    expect(editPhone('2', '')).toEqual({ value: '', caret: 0 });
  });
});

describe('toE164: the browser check before sending', () => {
  test.each([
    ['(212) 555-0123', '+12125550123'],
    ['646 555 0142', '+16465550142'],
    ['+1 212 555 0123', '+12125550123'],
    // Other North American (+1) numbers are valid as well.
    ['(416) 555-0123', '+14165550123'],
  ])('%j → %j', (value, e164) => {
    expect(toE164(value)).toBe(e164);
  });

  test.each([
    ['too short', '(212) 555-0'],
    ['no area code starts with 0', '(012) 555-0123'],
    ['no area code starts with 1', '123-456-7890'],
    ['outside North America', '+44 20 7946 0958'],
    ['empty', ''],
    ['not a number', 'call me'],
  ])('%s: %j → null', (_why, value) => {
    expect(toE164(value)).toBeNull();
  });
});
