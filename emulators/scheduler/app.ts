/**
 * HTTP surface of the scheduler emulator, shaped like Zapiet's Widget API
 * (https://docs.zapiet.com/reference/store-pickup/pickup-calendar):
 *
 *   POST /v1.0/pickup/locations/{locationId}/calendar?shop={shop}
 *   POST /v1.0/delivery/locations/{locationId}/calendar?shop={shop}
 *   body  { "shoppingCart": [{ "variant_id": 9001, "product_id": 8001, "quantity": 1 }] }
 *   200   { "minDate": "2026-11-24", "maxDate": "2027-01-22", "disabled": [1, [2026, 10, 26]] }
 *
 * Errors are JSON `{ "message": … }` (Laravel style, as Zapiet's API is), with `errors` keyed by
 * field path for validation: 400 missing `shop` or malformed JSON, 404 unknown shop/location/path,
 * 422 invalid body. Test hook: `POST /__emulator/fail-next` `{ times?: 1, status?: 503, delayMs?: 0 }`
 * makes the next `times` calendar calls wait `delayMs` and then fail with `status`; and the
 * emulators' fault switch (`GET|POST /__emulator/faults`, ../shared/faults.ts) applies to the
 * calendar calls: 5xx, 429, a timeout, or a hang (never answered).
 */
import express, { type ErrorRequestHandler, type Response } from 'express';
import { z } from 'zod';
import { faultRoutes, Faults, HeldRequests, TIMEOUT_FAULT_HOLD_MS } from '../shared/faults';
import { calendarFor, type FulfillmentType, type SchedulerRules } from './rules';

const positiveInt = z.int({ error: 'must be a positive integer' }).min(1, { error: 'must be a positive integer' });
const calendarBody = z.object(
  {
    shoppingCart: z.array(z.object({ variant_id: positiveInt, product_id: positiveInt, quantity: positiveInt }, { error: 'must be an object' }), {
      error: 'is required and must be a list',
    }),
  },
  { error: 'must be a JSON object' },
);

const failNextBody = z.object({
  times: z.int().min(1).default(1),
  status: z.int().min(400).max(599).default(503),
  delayMs: z.int().min(0).max(60_000).default(0),
});

type Fault = { times: number; status: number; delayMs: number };

export type SchedulerAppOptions = {
  rules: SchedulerRules;
  now: () => Date;
  productTags: Map<number, string[]>;
  /** How long a `timeout` fault holds a calendar call before answering 504, in ms; default 30 000. */
  timeoutFaultHoldMs?: number;
};

/**
 * The Express app, plus `abortPending` to cut responses a fault is still delaying or holding (so
 * stopping the emulator never waits for them).
 */
export function schedulerApp({ rules, now, productTags, timeoutFaultHoldMs = TIMEOUT_FAULT_HOLD_MS }: SchedulerAppOptions) {
  const app = express();
  const pending = new Set<Response>();
  let fault: Fault | null = null;
  const faults = new Faults();
  const held = new HeldRequests(timeoutFaultHoldMs);

  app.use(express.json());
  app.use(faultRoutes(faults));

  app.post('/__emulator/fail-next', (req, res) => {
    const parsed = failNextBody.safeParse(req.body ?? {});
    if (!parsed.success) return void res.status(422).json(validationError(parsed.error));
    fault = parsed.data;
    res.status(204).end();
  });

  app.post('/v1.0/:type/locations/:locationId/calendar', (req, res) => {
    const type = req.params.type as FulfillmentType;
    if (type !== 'pickup' && type !== 'delivery') return void res.status(404).json({ message: 'Not found.' });
    const switched = faults.take();
    if (switched) {
      if (switched.mode === 'hang') return held.hang(res);
      if (switched.mode === 'timeout') return held.hold(res, (late) => void late.status(504).json({ message: 'Gateway Timeout.' }));
      if (switched.retryAfterSeconds !== null) res.set('Retry-After', String(switched.retryAfterSeconds));
      if (switched.mode === 'rate-limit') return void res.status(429).json({ message: 'Too Many Attempts.' });
      return void res.status(switched.status ?? 503).json({ message: `Emulated failure (HTTP ${switched.status ?? 503}).` });
    }
    if (fault) {
      const { status, delayMs } = fault;
      fault = fault.times > 1 ? { ...fault, times: fault.times - 1 } : null;
      return void failLater(res, status, delayMs);
    }
    const shop = req.query.shop;
    if (typeof shop !== 'string' || shop === '') return void res.status(400).json({ message: 'The shop parameter is required.' });
    if (shop !== rules.shop) return void res.status(404).json({ message: `Shop ${shop} not found.` });
    if (!rules[type].locationIds.includes(req.params.locationId)) {
      return void res.status(404).json({ message: `No ${type} location with id ${req.params.locationId}.` });
    }
    const parsed = calendarBody.safeParse(req.body);
    if (!parsed.success) return void res.status(422).json(validationError(parsed.error));
    // Unknown product ids carry no tags: the real service does not reject them either.
    const tags = parsed.data.shoppingCart.map((item) => productTags.get(item.product_id) ?? []);
    res.json(calendarFor(rules, type, now(), tags));
  });

  app.use((_req, res) => void res.status(404).json({ message: 'Not found.' }));

  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    const malformed = (error as { type?: string }).type === 'entity.parse.failed';
    res.status(malformed ? 400 : 500).json({ message: malformed ? 'Malformed JSON body.' : 'Server Error' });
  };
  app.use(onError);

  function failLater(res: Response, status: number, delayMs: number) {
    pending.add(res);
    const timer = setTimeout(() => {
      pending.delete(res);
      res.status(status).json({ message: `Emulated failure (HTTP ${status}).` });
    }, delayMs);
    res.on('close', () => {
      clearTimeout(timer);
      pending.delete(res);
    });
  }

  function abortPending() {
    for (const res of pending) res.destroy();
    held.abortAll();
  }

  return { app, abortPending };
}

function validationError(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    (errors[field] ??= []).push(`${field} ${issue.message}`);
  }
  return { message: 'The given data was invalid.', errors };
}
