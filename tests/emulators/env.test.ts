/** The emulators read and validate their own environment variables (emulators/env.ts). */
import path from 'node:path';
import { EmulatorEnvError, emulatorOptionsFromEnv } from '../../emulators';
import { DEFAULT_PUBLIC_TOKEN } from '../../emulators/storefront-api';

test('defaults: ports 4001-4005 on loopback, default data folder', () => {
  expect(emulatorOptionsFromEnv({})).toEqual({
    ports: { storefront: 4001, content: 4002, scheduler: 4003, marketing: 4004, customerAccount: 4005 },
    host: '127.0.0.1',
  });
});

test('reads every variable; empty values count as unset; a relative DATA_DIR is made absolute', () => {
  expect(
    emulatorOptionsFromEnv({
      STOREFRONT_EMULATOR_PORT: '4101',
      CONTENT_EMULATOR_PORT: ' 0 ',
      SCHEDULER_EMULATOR_PORT: '',
      CUSTOMER_ACCOUNT_EMULATOR_PORT: '4105',
      MARKETING_EMULATOR_PORT: '4104',
      EMULATOR_HOST: '0.0.0.0',
      DATA_DIR: 'state',
      PORT: "not the emulators' business",
    }),
  ).toEqual({
    ports: { storefront: 4101, content: 0, scheduler: 4003, marketing: 4104, customerAccount: 4105 },
    host: '0.0.0.0',
    dataDir: path.resolve('state'),
  });
  expect(emulatorOptionsFromEnv({ EMULATOR_HOST: '::1' }).host).toBe('::1');
});

test('lists every invalid variable', () => {
  let error: unknown;
  try {
    emulatorOptionsFromEnv({
      STOREFRONT_EMULATOR_PORT: 'abc',
      CONTENT_EMULATOR_PORT: '70000',
      SCHEDULER_EMULATOR_PORT: '1.5',
      CUSTOMER_ACCOUNT_EMULATOR_PORT: '-1',
      EMULATOR_HOST: 'localhost',
    });
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(EmulatorEnvError);
  const issues = (error as EmulatorEnvError).issues.join('\n');
  for (const name of [
    'STOREFRONT_EMULATOR_PORT',
    'CONTENT_EMULATOR_PORT',
    'SCHEDULER_EMULATOR_PORT',
    'CUSTOMER_ACCOUNT_EMULATOR_PORT',
    'EMULATOR_HOST',
  ]) {
    expect(issues).toContain(name);
  }
  expect(() => emulatorOptionsFromEnv({ SCHEDULER_EMULATOR_PORT: '   ' })).not.toThrow();
});

test('STOREFRONT_PRIVATE_TOKEN pins the Storefront private token (trimmed); unset or empty, none is pinned', () => {
  const token = 'a'.repeat(20) + '0123456789_-ABCDEFGH';
  expect(emulatorOptionsFromEnv({ STOREFRONT_PRIVATE_TOKEN: ` ${token}\n` }).storefrontPrivateToken).toBe(token);
  expect(emulatorOptionsFromEnv({ STOREFRONT_PRIVATE_TOKEN: '' })).not.toHaveProperty('storefrontPrivateToken');
  expect(emulatorOptionsFromEnv({})).not.toHaveProperty('storefrontPrivateToken');
});

test('a STOREFRONT_PRIVATE_TOKEN that is short, has other characters or is the documented public token is refused, without echoing it', () => {
  const refused = ['x'.repeat(31), `${'x'.repeat(32)}!`, `${'x'.repeat(16)} ${'x'.repeat(16)}`, `${'x'.repeat(31)}é`, DEFAULT_PUBLIC_TOKEN];
  for (const value of refused) {
    let error: unknown;
    try {
      emulatorOptionsFromEnv({ STOREFRONT_PRIVATE_TOKEN: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EmulatorEnvError);
    const { issues, message } = error as EmulatorEnvError;
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(
      value === DEFAULT_PUBLIC_TOKEN
        ? /^STOREFRONT_PRIVATE_TOKEN: must not be the public token/
        : /^STOREFRONT_PRIVATE_TOKEN: must be at least 32 characters of A-Z, a-z, 0-9, _ and -/,
    );
    expect(message).not.toContain(value);
  }
});
