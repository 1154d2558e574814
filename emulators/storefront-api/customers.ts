/**
 * Customer accounts (Storefront API 2026-04 "classic" customers), independent of GraphQL.
 *
 * - customerCreate makes an `enabled` customer, as Shopify does (a welcome mail says the account
 *   is active; customerAccessTokenCreate works at once). A `disabled` customer is one the
 *   merchant invited (the seed, customer-seed.ts): no password yet, an activation token in an
 *   invitation mail; activation (or a password reset) enables them. Only enabled customers get
 *   access tokens.
 * - Emails are unique case-insensitively (stored lower-cased); phones (E.164) are unique too.
 * - Access tokens are 32 random bytes (hex), valid for `accessTokenTtlMs` (default 14 days, as on
 *   Shopify) and renewable before they expire. Changing the password (update, activation, reset)
 *   revokes every earlier token.
 * - Activation (30 days) and reset (24 hours) tokens are one-time; issuing a new one replaces the
 *   previous one of its kind.
 * - Tokens of every kind are stored as SHA-256 hashes, passwords as scrypt hashes (secrets.ts).
 * - Addresses: at most 250 per customer; the first one added becomes the default.
 *
 * State lives in the `customers` table of the emulator's SQLite file (database.ts), one JSON
 * document per customer, and in memory: every change writes its customer's row at once
 * (write-through), so the process that owns the file always has the current state and resolvers
 * can keep working on the customer object they were given across an `await` (password hashing).
 * Methods that can be refused answer `{ errors }` with CustomerUserErrors and change nothing.
 */
import { parseJson, transaction, type Database } from '../shared/sqlite';
import { applyAddressInput, type AddressFields, type AddressProblem, type MailingAddressInput, type MailingAddressModel } from './addresses';
import { emailError, ERRORS, nameError, normalizeEmail, passwordError, phoneOrError, type CustomerUserError } from './customer-rules';
import { gid, numericIdOf } from './ids';
import { decoyHash, hashPassword, newToken, tokenHash, verifyPassword } from './secrets';

export const DEFAULT_ACCESS_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const ACTIVATION_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Addresses per customer (spec §9; Shopify's limit). */
export const MAX_ADDRESSES = 250;

export type StoredAddress = AddressFields & { id: number };

/** A one-time token (activation or reset), by hash; `usedAt` is set once it has been used. */
type OneTimeToken = { hash: string; expiresAt: string; usedAt: string | null };
type AccessTokenRecord = { hash: string; createdAt: string; expiresAt: string };

export type StoredCustomer = {
  id: number;
  /** Lower-cased. */
  email: string;
  /** `scrypt$…` (secrets.ts); null for an invited customer who has not chosen a password yet. */
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  /** E.164. */
  phone: string | null;
  acceptsMarketing: boolean;
  /** `disabled`: invited, not activated yet; `enabled`: may sign in. */
  state: 'disabled' | 'enabled';
  tags: string[];
  createdAt: string;
  updatedAt: string;
  addresses: StoredAddress[];
  defaultAddressId: number | null;
  accessTokens: AccessTokenRecord[];
  activation: OneTimeToken | null;
  reset: OneTimeToken | null;
};

/** What the store keeps: the customers and the next ids to hand out. */
export type CustomersState = { nextCustomerId: number; nextAddressId: number; customers: StoredCustomer[] };

/** The `customers` table and the id counters (database.ts). */
export const CUSTOMERS_SCHEMA = `CREATE TABLE customers (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, data TEXT NOT NULL) STRICT;
CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT;`;

/**
 * Write `customer` and the id counters of `state`. An email another row already has fails (the
 * UNIQUE index) instead of replacing that row.
 */
export function saveCustomer(db: Database, customer: StoredCustomer, state: Omit<CustomersState, 'customers'>): void {
  transaction(db, () => {
    db.prepare(
      'INSERT INTO customers (id, email, data) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET email = excluded.email, data = excluded.data',
    ).run(customer.id, customer.email, JSON.stringify(customer));
    const counter = db.prepare('INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value');
    counter.run('nextCustomerId', state.nextCustomerId);
    counter.run('nextAddressId', state.nextAddressId);
  });
}

/** A token handed to the client: the secret itself (never stored) and when it expires (ISO 8601). */
export type IssuedToken = { accessToken: string; expiresAt: string };

export type CustomerCreateInput = {
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  acceptsMarketing?: boolean | null;
};
export type CustomerUpdateInput = Partial<{ [K in keyof CustomerCreateInput]: CustomerCreateInput[K] | null }>;

/**
 * A customer created from the seed (customer-seed.ts), with addresses: enabled with its
 * password, or, without one, invited (disabled until activated).
 */
export type SeedCustomerInput = Omit<CustomerCreateInput, 'acceptsMarketing' | 'password'> & {
  /** Absent: the merchant invited the customer, who chooses a password by activating. */
  password?: string;
  acceptsMarketing: boolean;
  tags: string[];
  createdAt: string;
  addresses: MailingAddressInput[];
  /** Index into `addresses`; the first address when absent. */
  defaultAddress?: number;
};

type Refusal = { errors: CustomerUserError[] };
const refuse = (...errors: CustomerUserError[]): Refusal => ({ errors });

export const customerGid = (c: StoredCustomer) => gid('Customer', c.id);
/** Unlike Shopify's, these ids carry no customer access token (the emulator checks ownership instead). */
export const customerAddressGid = (a: StoredAddress) => gid('MailingAddress', a.id, { model_name: 'CustomerAddress' });
export const addressModel = (a: StoredAddress): MailingAddressModel => ({ ...a, id: customerAddressGid(a) });

const blankToNull = (value: string | null | undefined) => (value == null ? null : value.trim() || null);

export class CustomerStore {
  private readonly state: CustomersState;
  private readonly accessTokenTtlMs: number;
  /** The clock tokens are stamped and expired by (tests move it). */
  private readonly clock: () => Date;
  /** Whether customer state was stored before this start; the seed is loaded only into a new data dir. */
  readonly existedAtStart: boolean;

  constructor(
    private readonly db: Database,
    opts: { accessTokenTtlMs?: number; now?: () => Date } = {},
  ) {
    const counters = new Map(
      db
        .prepare('SELECT name, value FROM counters')
        .all()
        .map((row) => [String(row.name), Number(row.value)]),
    );
    this.existedAtStart = counters.size > 0;
    this.state = {
      nextCustomerId: counters.get('nextCustomerId') ?? 1,
      nextAddressId: counters.get('nextAddressId') ?? 1,
      customers: db
        .prepare('SELECT data FROM customers ORDER BY id')
        .all()
        .map((row) => parseJson<StoredCustomer>(row.data)),
    };
    this.accessTokenTtlMs = opts.accessTokenTtlMs ?? DEFAULT_ACCESS_TOKEN_TTL_MS;
    this.clock = opts.now ?? (() => new Date());
  }

  /** The store's clock as an ISO time. */
  private nowIso(): string {
    return this.clock().toISOString();
  }

  /** The ISO time `ms` milliseconds after the store's now. */
  private inFuture(ms: number): string {
    return new Date(this.clock().getTime() + ms).toISOString();
  }

  /** Whether a token expiring at `expiresAt` (ISO) is still valid by the store's clock. */
  private live(expiresAt: string): boolean {
    return Date.parse(expiresAt) > this.clock().getTime();
  }

  byId(id: number): StoredCustomer | null {
    return this.state.customers.find((c) => c.id === id) ?? null;
  }

  byEmail(email: string): StoredCustomer | null {
    const wanted = normalizeEmail(email);
    return this.state.customers.find((c) => c.email === wanted) ?? null;
  }

  /** The customer a live (unexpired, unrevoked) access token belongs to, or null. */
  byAccessToken(token: string | null | undefined): StoredCustomer | null {
    return token ? (this.findToken(token)?.customer ?? null) : null;
  }

  /** The default address, or null. */
  defaultAddress(customer: StoredCustomer): StoredAddress | null {
    return customer.addresses.find((a) => a.id === customer.defaultAddressId) ?? null;
  }

  /**
   * customerCreate: a new enabled customer, who may sign in at once (the caller sends the welcome
   * mail). For the email of an invited customer who never activated, a fresh activation token
   * (`invitation`: the caller sends the invitation again) and the CUSTOMER_DISABLED "We have sent
   * an email…" error, as Shopify answers; for an enabled one, TAKEN.
   */
  async register(input: CustomerCreateInput): Promise<{
    customer: StoredCustomer | null;
    errors: CustomerUserError[];
    invitation: { customer: StoredCustomer; token: string } | null;
  }> {
    const field = (name: string) => ['input', name];
    const email = normalizeEmail(input.email);
    const errors = [emailError(email, field('email')), passwordError(input.password, field('password')), ...this.nameErrors(input, field)].filter(
      (e): e is CustomerUserError => e != null,
    );
    const existing = this.byEmail(email);
    // A registration of an invited email may repeat the phone that account already has.
    const phone = this.phoneFor(input.phone, existing, field('phone'), errors);
    if (!errors.length) {
      if (existing?.state === 'enabled') errors.push(ERRORS.emailTaken(field('email')));
      else if (existing) {
        const token = this.issueOneTime(existing, 'activation');
        return { customer: null, errors: [ERRORS.activationResent(email)], invitation: { customer: existing, token } };
      }
    }
    if (errors.length) return { customer: null, errors, invitation: null };
    const passwordHash = await hashPassword(input.password);
    // Another registration for this email may have finished while the password was hashed.
    if (this.byEmail(email)) return { customer: null, errors: [ERRORS.emailTaken(field('email'))], invitation: null };
    const customer = this.insert({
      email,
      passwordHash,
      firstName: blankToNull(input.firstName),
      lastName: blankToNull(input.lastName),
      phone: phone ?? null,
      acceptsMarketing: input.acceptsMarketing ?? false,
      state: 'enabled',
      tags: [],
      createdAt: this.nowIso(),
    });
    return { customer, errors: [], invitation: null };
  }

  /**
   * customerAccessTokenCreate. A wrong email or password is UNIDENTIFIED_CUSTOMER (which one is
   * not told, and an unknown email, or an invited customer without a password, costs the same
   * scrypt time); the right password of an account not activated yet is CUSTOMER_DISABLED.
   */
  async signIn(email: string, password: string): Promise<{ token: IssuedToken } | Refusal> {
    const customer = this.byEmail(email);
    const matches = await verifyPassword(password, customer?.passwordHash ?? (await decoyHash()));
    if (!customer || !matches) return refuse(ERRORS.unidentified());
    if (customer.state !== 'enabled') return refuse(ERRORS.notActivated(customer.email));
    return { token: this.issueAccessToken(customer) };
  }

  /** customerAccessTokenRenew: the same token with a new expiry; null when it is not live. */
  renew(token: string): IssuedToken | null {
    const found = this.findToken(token);
    if (!found) return null;
    const { record } = found;
    record.expiresAt = this.inFuture(this.accessTokenTtlMs);
    this.save(found.customer);
    return { accessToken: token, expiresAt: record.expiresAt };
  }

  /** customerAccessTokenDelete: revoke a live token; its hash (the deleted token's id), or null. */
  revoke(token: string): string | null {
    const found = this.findToken(token);
    if (!found) return null;
    found.customer.accessTokens = found.customer.accessTokens.filter((t) => t !== found.record);
    this.save(found.customer);
    return found.record.hash;
  }

  /** customerRecover: a reset token for a known email; UNIDENTIFIED_CUSTOMER "Could not find customer" otherwise. */
  issueReset(email: string): { customer: StoredCustomer; token: string } | Refusal {
    const customer = this.byEmail(email);
    if (!customer) return refuse(ERRORS.recoverUnknown());
    return { customer, token: this.issueOneTime(customer, 'reset') };
  }

  /**
   * customerActivateByUrl: with a live activation token, set the password, enable the customer and
   * sign them in. TOKEN_INVALID for an unknown, used or expired token; ALREADY_ENABLED when the
   * token is this customer's and the account is enabled already.
   */
  activate(customerId: number, token: string, password: string) {
    return this.redeem('activation', customerId, token, password);
  }

  /** customerResetByUrl: like `activate` with a reset token (and no ALREADY_ENABLED). */
  resetPassword(customerId: number, token: string, password: string) {
    return this.redeem('reset', customerId, token, password);
  }

  /**
   * customerUpdate: change the given fields (undefined keeps a field; null or "" clears first
   * name, last name and phone). A new password revokes every token and answers a new one.
   */
  async update(customer: StoredCustomer, input: CustomerUpdateInput): Promise<{ customer: StoredCustomer; token: IssuedToken | null } | Refusal> {
    const field = (name: string) => ['customer', name];
    const errors = this.nameErrors(input, field);
    let email: string | undefined;
    if (input.email != null) {
      email = normalizeEmail(input.email);
      const problem = emailError(email, field('email'));
      const owner = this.byEmail(email);
      if (problem) errors.push(problem);
      else if (owner && owner !== customer) errors.push(ERRORS.emailTaken(field('email')));
    }
    const phone = this.phoneFor(input.phone, customer, field('phone'), errors);
    if (input.password != null) {
      const problem = passwordError(input.password, field('password'));
      if (problem) errors.push(problem);
    }
    if (errors.length) return refuse(...errors);
    const passwordHash = input.password != null ? await hashPassword(input.password) : null;
    // Another customer may have taken the email while the password was hashed.
    const owner = email === undefined ? null : this.byEmail(email);
    if (owner && owner !== customer) return refuse(ERRORS.emailTaken(field('email')));
    if (email !== undefined) customer.email = email;
    if (input.firstName !== undefined) customer.firstName = blankToNull(input.firstName);
    if (input.lastName !== undefined) customer.lastName = blankToNull(input.lastName);
    if (phone !== undefined) customer.phone = phone;
    if (input.acceptsMarketing != null) customer.acceptsMarketing = input.acceptsMarketing;
    let token: IssuedToken | null = null;
    if (passwordHash) {
      customer.passwordHash = passwordHash;
      customer.accessTokens = [];
      token = this.issueAccessToken(customer);
    }
    this.touch(customer);
    return { customer, token };
  }

  /** customerAddressCreate: at most MAX_ADDRESSES; the first address becomes the default. */
  addAddress(customer: StoredCustomer, input: MailingAddressInput): { address: StoredAddress } | Refusal {
    if (customer.addresses.length >= MAX_ADDRESSES) return refuse(ERRORS.tooManyAddresses(MAX_ADDRESSES));
    const result = applyAddressInput(null, input);
    if ('problems' in result) return refuse(...addressErrors(result.problems));
    const address = { ...result.address, id: this.state.nextAddressId++ };
    customer.addresses.push(address);
    customer.defaultAddressId ??= address.id;
    this.touch(customer);
    return { address };
  }

  /** customerAddressUpdate: the given fields of one of the customer's addresses. NOT_FOUND for anyone else's. */
  updateAddress(customer: StoredCustomer, addressId: string, input: MailingAddressInput): { address: StoredAddress } | Refusal {
    const address = this.addressOf(customer, addressId);
    if (!address) return refuse(ERRORS.addressNotFound(['id']));
    const result = applyAddressInput(address, input);
    if ('problems' in result) return refuse(...addressErrors(result.problems));
    Object.assign(address, result.address);
    this.touch(customer);
    return { address };
  }

  /** customerAddressDelete: when it was the default, the first remaining address becomes the default. */
  deleteAddress(customer: StoredCustomer, addressId: string): { deleted: StoredAddress } | Refusal {
    const address = this.addressOf(customer, addressId);
    if (!address) return refuse(ERRORS.addressNotFound(['id']));
    customer.addresses = customer.addresses.filter((a) => a !== address);
    if (customer.defaultAddressId === address.id) customer.defaultAddressId = customer.addresses[0]?.id ?? null;
    this.touch(customer);
    return { deleted: address };
  }

  /** customerDefaultAddressUpdate. */
  setDefaultAddress(customer: StoredCustomer, addressId: string): { customer: StoredCustomer } | Refusal {
    const address = this.addressOf(customer, addressId);
    if (!address) return refuse(ERRORS.addressNotFound(['addressId']));
    customer.defaultAddressId = address.id;
    this.touch(customer);
    return { customer };
  }

  /**
   * Create a customer from the seed: enabled with its password, or invited (disabled, no password)
   * with a new activation token in `invitation` for the caller to mail.
   * @throws on invalid seed data (a broken seed must not start)
   */
  async seed(input: SeedCustomerInput): Promise<{ customer: StoredCustomer; invitation: string | null }> {
    const problems = [
      emailError(normalizeEmail(input.email), ['email']),
      input.password === undefined ? null : passwordError(input.password, ['password']),
      ...this.nameErrors(input, (name) => [name]),
    ].filter((e): e is CustomerUserError => e != null);
    const phone = this.phoneFor(input.phone, null, ['phone'], problems);
    if (this.byEmail(input.email)) problems.push(ERRORS.emailTaken(['email']));
    const addresses: AddressFields[] = [];
    for (const result of input.addresses.map((a) => applyAddressInput(null, a))) {
      if ('problems' in result) problems.push(...addressErrors(result.problems));
      else addresses.push(result.address);
    }
    if (problems.length) throw new Error(`seed customer ${input.email}: ${problems.map((p) => p.message).join('; ')}`);
    const { password } = input;
    const invited = password === undefined;
    const customer = this.insert({
      email: normalizeEmail(input.email),
      passwordHash: invited ? null : await hashPassword(password),
      firstName: blankToNull(input.firstName),
      lastName: blankToNull(input.lastName),
      phone: phone ?? null,
      acceptsMarketing: input.acceptsMarketing,
      state: invited ? 'disabled' : 'enabled',
      tags: input.tags,
      createdAt: input.createdAt,
    });
    customer.addresses = addresses.map((a) => ({ ...a, id: this.state.nextAddressId++ }));
    customer.defaultAddressId = customer.addresses[input.defaultAddress ?? 0]?.id ?? null;
    this.save(customer);
    return { customer, invitation: invited ? this.issueOneTime(customer, 'activation') : null };
  }

  private async redeem(
    kind: 'activation' | 'reset',
    customerId: number,
    token: string,
    password: string,
  ): Promise<{ customer: StoredCustomer; token: IssuedToken } | Refusal> {
    const customer = this.byId(customerId);
    const record = customer?.[kind];
    const invalid = kind === 'activation' ? ERRORS.activationUrlInvalid() : ERRORS.resetUrlInvalid();
    if (!customer || !record || record.hash !== tokenHash(token)) return refuse(invalid);
    if (kind === 'activation' && customer.state === 'enabled') return refuse(ERRORS.alreadyEnabled());
    if (record.usedAt || !this.live(record.expiresAt)) return refuse(invalid);
    const problem = passwordError(password, ['password']);
    if (problem) return refuse(problem);
    const passwordHash = await hashPassword(password);
    // The token may have been used by a concurrent request while the password was hashed.
    if (record.usedAt || customer[kind] !== record) return refuse(invalid);
    record.usedAt = this.nowIso();
    customer.passwordHash = passwordHash;
    customer.state = 'enabled';
    customer.accessTokens = [];
    this.touch(customer);
    return { customer, token: this.issueAccessToken(customer) };
  }

  private insert(fields: Omit<StoredCustomer, 'id' | 'updatedAt' | 'addresses' | 'defaultAddressId' | 'accessTokens' | 'activation' | 'reset'>) {
    const customer: StoredCustomer = {
      id: this.state.nextCustomerId++,
      ...fields,
      updatedAt: fields.createdAt,
      addresses: [],
      defaultAddressId: null,
      accessTokens: [],
      activation: null,
      reset: null,
    };
    this.state.customers.push(customer);
    this.save(customer);
    return customer;
  }

  private issueAccessToken(customer: StoredCustomer): IssuedToken {
    const accessToken = newToken();
    const expiresAt = this.inFuture(this.accessTokenTtlMs);
    // Expired tokens are dropped here so the file does not grow with every sign-in.
    customer.accessTokens = customer.accessTokens.filter((t) => this.live(t.expiresAt));
    customer.accessTokens.push({ hash: tokenHash(accessToken), createdAt: this.nowIso(), expiresAt });
    this.save(customer);
    return { accessToken, expiresAt };
  }

  private issueOneTime(customer: StoredCustomer, kind: 'activation' | 'reset'): string {
    const token = newToken();
    customer[kind] = {
      hash: tokenHash(token),
      expiresAt: this.inFuture(kind === 'activation' ? ACTIVATION_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS),
      usedAt: null,
    };
    this.save(customer);
    return token;
  }

  private findToken(token: string): { customer: StoredCustomer; record: AccessTokenRecord } | null {
    const hash = tokenHash(token);
    for (const customer of this.state.customers) {
      const record = customer.accessTokens.find((t) => t.hash === hash && this.live(t.expiresAt));
      if (record && customer.state === 'enabled') return { customer, record };
    }
    return null;
  }

  private addressOf(customer: StoredCustomer, addressId: string): StoredAddress | null {
    const id = numericIdOf(addressId, 'MailingAddress');
    return id == null ? null : (customer.addresses.find((a) => a.id === id) ?? null);
  }

  private nameErrors(input: { firstName?: string | null; lastName?: string | null }, field: (name: string) => string[]): CustomerUserError[] {
    return [
      input.firstName ? nameError(input.firstName, 'First name', field('firstName')) : null,
      input.lastName ? nameError(input.lastName, 'Last name', field('lastName')) : null,
    ].filter((e): e is CustomerUserError => e != null);
  }

  /** The E.164 phone to store (null clears, undefined keeps), pushing INVALID / TAKEN onto `errors`. */
  private phoneFor(
    value: string | null | undefined,
    self: StoredCustomer | null,
    field: string[],
    errors: CustomerUserError[],
  ): string | null | undefined {
    if (value === undefined) return undefined;
    if (value === null || !value.trim()) return null;
    const result = phoneOrError(value, field);
    if ('error' in result) {
      errors.push(result.error);
      return undefined;
    }
    if (this.state.customers.some((c) => c !== self && c.phone === result.phone)) errors.push(ERRORS.phoneTaken(field));
    return result.phone;
  }

  private touch(customer: StoredCustomer): void {
    customer.updatedAt = this.nowIso();
    this.save(customer);
  }

  /** Write `customer`'s row now (it was changed in memory). */
  private save(customer: StoredCustomer): void {
    saveCustomer(this.db, customer, this.state);
  }
}

/** Address problems as CustomerUserErrors on `["address", field]`. */
function addressErrors(problems: AddressProblem[]): CustomerUserError[] {
  return problems.map((p) => ({ code: p.code, field: ['address', p.field], message: p.message }));
}
