/**
 * The executable Storefront schema: the real 2026-04 schema plus the emulator's resolvers
 * (scalars, catalog, online store, search, cart, cart pricing, customer accounts, orders, node lookups). Every
 * interface/union resolves by the `__typename` its objects carry, so no abstract type is left
 * without a resolveType; every field without a resolver answers an "is not supported by the
 * Storefront API emulator" error unless its model carries it (unsupported.ts).
 */
import { addResolversToSchema } from '@graphql-tools/schema';
import { extendSchema, GraphQLScalarType, isAbstractType, parse, type GraphQLSchema } from 'graphql';
import type { StorefrontContext } from '../context';
import { scalarResolvers } from '../scalars';
import { loadStorefrontSchema } from '../schema';
import { cartResolvers } from './cart';
import { cartDeliveryResolvers } from './cart-delivery';
import { cartMetafieldResolvers } from './cart-metafields';
import { cartPricingResolvers } from './cart-pricing';
import { catalogNode, catalogResolvers } from './catalog';
import { consentManagementResolvers, UNSTABLE_SDL } from './consent-management';
import { customerResolvers } from './customer';
import { onlineStoreNode, onlineStoreResolvers } from './online-store';
import { orderResolvers } from './order';
import { searchResolvers } from './search';
import { refuseUnsupportedFields } from '../unsupported';

function node(ctx: StorefrontContext, id: string): unknown {
  const cart = ctx.carts.find(id);
  return cart ? { ...cart, __typename: 'Cart' } : (catalogNode(ctx, id) ?? onlineStoreNode(ctx, id));
}

const nodeResolvers = {
  QueryRoot: {
    node: (_: unknown, { id }: { id: string }, ctx: StorefrontContext) => node(ctx, id),
    nodes: (_: unknown, { ids }: { ids: string[] }, ctx: StorefrontContext) => ids.map((id) => node(ctx, id)),
  },
};

function typenameResolvers(schema: GraphQLSchema) {
  return Object.fromEntries(
    Object.values(schema.getTypeMap())
      .filter(isAbstractType)
      .map((type) => [type.name, { __resolveType: (obj: { __typename?: string }) => obj.__typename ?? null }]),
  );
}

type ResolverMap = Record<string, object>;

/** Merge resolver maps type by type (several maps contribute QueryRoot fields). */
function mergeResolverMaps(maps: ResolverMap[]): ResolverMap {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      merged[type] = fields instanceof GraphQLScalarType ? (fields as never) : { ...merged[type], ...fields };
    }
  }
  return merged;
}

/**
 * Build the executable schema once per emulator (building takes ~100 ms). `unstable`: the
 * `unstable` API version's, which adds what resolvers/consent-management.ts answers.
 */
export function buildExecutableSchema(opts: { unstable?: boolean } = {}): GraphQLSchema {
  const dated = loadStorefrontSchema();
  const schema = opts.unstable ? extendSchema(dated, parse(UNSTABLE_SDL)) : dated;
  return refuseUnsupportedFields(
    addResolversToSchema({
      schema,
      resolvers: mergeResolverMaps([
        scalarResolvers,
        typenameResolvers(schema),
        catalogResolvers,
        cartResolvers,
        cartDeliveryResolvers,
        cartMetafieldResolvers,
        cartPricingResolvers,
        customerResolvers,
        orderResolvers,
        onlineStoreResolvers,
        searchResolvers,
        nodeResolvers,
        ...(opts.unstable ? [consentManagementResolvers] : []),
      ]) as never,
      updateResolversInPlace: false,
    }),
  );
}
