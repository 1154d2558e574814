/**
 * An emulator's fault switch (emulators/shared/faults.ts) from a test: `POST {url}/__emulator/faults`
 * with the run's debug token.
 */
import type { FaultMode } from '../../emulators/shared/faults';

/** The switch's request body: `count` requests fail (absent: until set to `none`). */
export type FaultRequest = { mode: FaultMode; status?: 500 | 502 | 503; retryAfterSeconds?: number; count?: number };

/**
 * Sets `emulator`'s fault; throws unless the switch answers 2xx.
 * @param emulator its base URL and the run's debug token
 */
export async function setFault(emulator: { url: string; debugToken: string }, fault: FaultRequest): Promise<void> {
  const res = await fetch(`${emulator.url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-emulator-token': emulator.debugToken },
    body: JSON.stringify(fault),
  });
  if (!res.ok) throw new Error(`the fault switch at ${emulator.url} answered ${res.status}: ${await res.text()}`);
}
