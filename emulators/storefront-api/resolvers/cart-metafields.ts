/**
 * Resolvers for cart metafields: cartMetafieldsSet, cartMetafieldDelete, `cart.metafield` /
 * `cart.metafields`, and Metafield.reference(s) for reference types. Rules (types, limits,
 * namespaces) live in cart-metafields.ts. Each mutation is one transaction: every input is checked
 * against the carts as they are in it, and nothing is written when any input is refused.
 */
import type { StoredCart } from '../carts';
import { paginate, type PageArgs } from '../connections';
import type { StorefrontContext } from '../context';
import {
  findMetafield,
  MAX_METAFIELDS_PER_REQUEST,
  metafieldGid,
  metafieldProblem,
  setMetafields,
  splitKey,
  type MetafieldInput,
  type StoredMetafield,
} from '../cart-metafields';
import { catalogNode } from './catalog';

type Ctx = StorefrontContext;
type MetafieldsSetUserError = { code: string; field: string[] | null; elementIndex: number | null; message: string };

const OWNER_MISSING = 'The owner does not exist.';

/** A stored metafield as Metafield resolvers read it. */
function metafieldView(cart: StoredCart, m: StoredMetafield) {
  return { ...m, __typename: 'Metafield', id: metafieldGid(m), description: null, parentResource: { ...cart, __typename: 'Cart' } };
}
type MetafieldView = ReturnType<typeof metafieldView>;

/** cartMetafieldsSet: all inputs checked first (owner, key, type, value), then each owner cart written once. */
function setCartMetafields(ctx: Ctx, inputs: (MetafieldInput & { ownerId: string })[]) {
  if (inputs.length > MAX_METAFIELDS_PER_REQUEST) {
    const message = `Exceeded the maximum metafields input limit of ${MAX_METAFIELDS_PER_REQUEST}.`;
    return { metafields: null, userErrors: [{ code: 'LESS_THAN_OR_EQUAL_TO', field: ['metafields'], elementIndex: null, message }] };
  }
  return ctx.carts.atomically(() => {
    const userErrors: MetafieldsSetUserError[] = [];
    const owners = new Map<string, StoredCart>();
    inputs.forEach((input, i) => {
      const cart = ctx.carts.find(input.ownerId);
      if (!cart) {
        userErrors.push({ code: 'INVALID_OWNER', field: ['metafields', String(i), 'ownerId'], elementIndex: i, message: OWNER_MISSING });
        return;
      }
      owners.set(cart.token, cart);
      const problem = metafieldProblem(input);
      if (problem)
        userErrors.push({ code: problem.code, field: ['metafields', String(i), problem.field], elementIndex: i, message: problem.message });
    });
    if (userErrors.length) return { metafields: null, userErrors };
    const set: MetafieldView[] = [];
    for (const owner of owners.values()) {
      const own = inputs.filter((input) => ctx.carts.find(input.ownerId)?.token === owner.token);
      const now = ctx.carts.now();
      const { cart } = ctx.carts.mutate(own[0].ownerId, (cart) => {
        const result = setMetafields(cart.metafields ?? [], own, now);
        return { cart: { ...cart, metafields: result.metafields }, userErrors: [], warnings: [] };
      });
      for (const input of own) {
        const { namespace, key } = splitKey(input.key);
        set[inputs.indexOf(input)] = metafieldView(cart!, findMetafield(cart!.metafields, namespace, key)!);
      }
    }
    return { metafields: set, userErrors: [] };
  });
}

/** cartMetafieldDelete: INVALID_OWNER for a cart that is not open, METAFIELD_DOES_NOT_EXIST for an unknown key. */
function deleteCartMetafield(ctx: Ctx, { ownerId, key }: { ownerId: string; key: string }) {
  return ctx.carts.atomically(() => {
    const cart = ctx.carts.find(ownerId);
    if (!cart) return { deletedId: null, userErrors: [{ code: 'INVALID_OWNER', field: ['input', 'ownerId'], message: OWNER_MISSING }] };
    const { namespace, key: name } = splitKey(key);
    const found = findMetafield(cart.metafields, namespace, name);
    if (!found)
      return { deletedId: null, userErrors: [{ code: 'METAFIELD_DOES_NOT_EXIST', field: ['input', 'key'], message: 'Metafield not found.' }] };
    ctx.carts.mutate(ownerId, (c) => ({
      cart: { ...c, metafields: (c.metafields ?? []).filter((m) => m.id !== found.id) },
      userErrors: [],
      warnings: [],
    }));
    return { deletedId: metafieldGid(found), userErrors: [] };
  });
}

const isListReference = (type: string) => type.startsWith('list.') && type.endsWith('_reference');

export const cartMetafieldResolvers = {
  Mutation: {
    cartMetafieldsSet: (_: unknown, a: { metafields: (MetafieldInput & { ownerId: string })[] }, ctx: Ctx) => setCartMetafields(ctx, a.metafields),
    cartMetafieldDelete: (_: unknown, a: { input: { ownerId: string; key: string } }, ctx: Ctx) => deleteCartMetafield(ctx, a.input),
  },

  Cart: {
    metafield: (cart: StoredCart, a: { namespace?: string | null; key: string }) => {
      const found = findMetafield(cart.metafields, a.namespace, a.key);
      return found && metafieldView(cart, found);
    },
    metafields: (cart: StoredCart, a: { identifiers: { namespace?: string | null; key: string }[] }) =>
      a.identifiers.map((id) => {
        const found = findMetafield(cart.metafields, id.namespace, id.key);
        return found && metafieldView(cart, found);
      }),
  },

  Metafield: {
    /** The catalog object a `*_reference` metafield names (null when it names none, or for other types). */
    reference: (m: MetafieldView, _: unknown, ctx: Ctx) =>
      m.type.endsWith('_reference') && !isListReference(m.type) ? catalogNode(ctx, m.value) : null,
    references: (m: MetafieldView, args: PageArgs, ctx: Ctx) => {
      if (!isListReference(m.type)) return null;
      const nodes = (JSON.parse(m.value) as string[]).map((id) => catalogNode(ctx, id)).filter((node) => node != null);
      return paginate(nodes, args, (node) => (node as { id: string }).id);
    },
  },
};
