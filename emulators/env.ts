/**
 * The emulators' own environment variables, read by whoever starts them from a process
 * (`server/index.ts` in local mode, `emulators/cli.ts`), so the app's config never sees them
 * (docs/architecture.md §2):
 *
 * | variable                         | meaning                                                                   | default        |
 * |----------------------------------|---------------------------------------------------------------------------|----------------|
 * | `STOREFRONT_EMULATOR_PORT`       | TCP port of the Storefront API emulator (0 = any)                         | 4001           |
 * | `CONTENT_EMULATOR_PORT`          | TCP port of the content lake emulator (0 = any)                           | 4002           |
 * | `SCHEDULER_EMULATOR_PORT`        | TCP port of the scheduler emulator (0 = any)                              | 4003           |
 * | `MARKETING_EMULATOR_PORT`        | TCP port of the marketing (Klaviyo-shaped) emulator (0 = any)             | 4004           |
 * | `CUSTOMER_ACCOUNT_EMULATOR_PORT` | TCP port of the customer-account emulator (0 = any)                       | 4005           |
 * | `EMULATOR_HOST`                  | IPv4/IPv6 address they bind (0.0.0.0 in a container publishing the ports) | 127.0.0.1      |
 * | `DATA_DIR`                       | folder for carts, orders and marketing records                            | `<repo>/.data` |
 * | `STOREFRONT_PRIVATE_TOKEN`       | the Storefront API's private token (≥ 32 of `A-Z a-z 0-9 _ -`), pinned    | new every run  |
 *
 * An empty value (`FOO=` in an .env file) counts as unset.
 *
 * `STOREFRONT_PRIVATE_TOKEN` is for a client whose configuration outlives a run (a Hydrogen
 * app's `PRIVATE_STOREFRONT_API_TOKEN`, emulators/storefront-api/README.md): it must look like a
 * generated secret (`openssl rand -hex 32`), so no documented value unlocks an emulator
 * (docs/decisions/0020-emulators-child-process.md "Per-run secrets").
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CONTENT_PORT } from './content-lake';
import { DEFAULT_CUSTOMER_ACCOUNT_PORT } from './customer-account';
import { DEFAULT_MARKETING_PORT } from './marketing';
import { DEFAULT_SCHEDULER_PORT } from './scheduler';
import { DEFAULT_PUBLIC_TOKEN, DEFAULT_STOREFRONT_PORT } from './storefront-api';

/** Every invalid emulator variable, one line each (`NAME: problem`). */
export class EmulatorEnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid emulator settings:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'EmulatorEnvError';
  }
}

/** What the environment says about the emulators; spread into `startEmulators` options. */
export type EmulatorEnvOptions = {
  /** TCP ports (0 = any free port). */
  ports: { storefront: number; content: number; scheduler: number; marketing: number; customerAccount: number };
  /** Bind address, e.g. '127.0.0.1' or '0.0.0.0'. */
  host: string;
  /** Absolute folder for mutable state, or undefined for the emulators' default (`<repo>/.data`). */
  dataDir?: string;
  /** The Storefront API's private token the developer pinned, or undefined for a new one per run. */
  storefrontPrivateToken?: string;
};

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be 0–65535')
  .max(65535, 'must be 0–65535');

const EmulatorEnv = z.object({
  STOREFRONT_EMULATOR_PORT: port.default(DEFAULT_STOREFRONT_PORT),
  CONTENT_EMULATOR_PORT: port.default(DEFAULT_CONTENT_PORT),
  SCHEDULER_EMULATOR_PORT: port.default(DEFAULT_SCHEDULER_PORT),
  MARKETING_EMULATOR_PORT: port.default(DEFAULT_MARKETING_PORT),
  CUSTOMER_ACCOUNT_EMULATOR_PORT: port.default(DEFAULT_CUSTOMER_ACCOUNT_PORT),
  EMULATOR_HOST: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' }).default('127.0.0.1'),
  DATA_DIR: z.string().optional(),
  STOREFRONT_PRIVATE_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,}$/, 'must be at least 32 characters of A-Z, a-z, 0-9, _ and - (e.g. the output of openssl rand -hex 32)')
    .refine((token) => token !== DEFAULT_PUBLIC_TOKEN, 'must not be the public token, which the documentation gives')
    .optional(),
});

/**
 * Reads and validates the emulator variables of `env` (other variables are ignored).
 * A relative `DATA_DIR` is resolved against the current directory. A value is trimmed first.
 * @throws EmulatorEnvError listing every invalid variable (a bad token's message never repeats the value)
 */
export function emulatorOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EmulatorEnvOptions {
  const names = Object.keys(EmulatorEnv.shape) as (keyof typeof EmulatorEnv.shape)[];
  const given = Object.fromEntries(
    names.flatMap((name) => {
      const value = env[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = EmulatorEnv.safeParse(given);
  if (!parsed.success) throw new EmulatorEnvError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const e = parsed.data;
  return {
    ports: {
      storefront: e.STOREFRONT_EMULATOR_PORT,
      content: e.CONTENT_EMULATOR_PORT,
      scheduler: e.SCHEDULER_EMULATOR_PORT,
      marketing: e.MARKETING_EMULATOR_PORT,
      customerAccount: e.CUSTOMER_ACCOUNT_EMULATOR_PORT,
    },
    host: e.EMULATOR_HOST,
    ...(e.DATA_DIR ? { dataDir: path.resolve(e.DATA_DIR) } : {}),
    ...(e.STOREFRONT_PRIVATE_TOKEN ? { storefrontPrivateToken: e.STOREFRONT_PRIVATE_TOKEN } : {}),
  };
}
