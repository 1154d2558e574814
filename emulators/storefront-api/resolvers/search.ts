/** Resolvers for `search` and `predictiveSearch` (semantics in site-search.ts). */
import { paginate, type PageArgs } from '../connections';
import type { StorefrontContext } from '../context';
import { predictiveSearch, search, type PredictiveArgs, type SearchArgs } from '../site-search';

export const searchResolvers = {
  QueryRoot: {
    search: (_: unknown, args: PageArgs & SearchArgs, ctx: StorefrontContext) => {
      const { results, filters } = search(ctx, args);
      // `reverse` is part of the ordering search() applies (sold-out products stay last).
      const page = paginate(results, { ...args, reverse: false }, (item) => `${item.__typename}:${item.numericId}`);
      return { ...page, totalCount: results.length, productFilters: filters };
    },
    predictiveSearch: (_: unknown, args: PredictiveArgs, ctx: StorefrontContext) => predictiveSearch(ctx, args),
  },
};
