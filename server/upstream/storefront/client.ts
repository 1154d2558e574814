/**
 * Request-scoped Storefront API client (docs/architecture.md §4.2, §7): Apollo Client over HttpLink with the
 * private token, the shopper's IP as `Shopify-Storefront-Buyer-IP`, a per-call timeout, and a
 * fresh InMemoryCache per request (so one shopper's data never leaks into another's). Every call
 * goes through the `storefront` circuit breaker when one is given (server/upstream/circuit.ts):
 * while the API is down, calls fail at once with an UpstreamError 503.
 */
import { ApolloClient, HttpLink, InMemoryCache, type OperationVariables, type TypedDocumentNode } from '@apollo/client';
import type { Config } from '../../config';
import type { UpstreamCircuits } from '../circuit';
import { toUpstreamError } from '../errors';
import { possibleTypes } from './generated';

export type StorefrontClient = {
  /** @throws UpstreamError (502 on errors, 503 while the circuit is open, 504 on timeout) */
  query<T, V extends OperationVariables>(document: TypedDocumentNode<T, V>, variables: V): Promise<T>;
  /** @throws UpstreamError (502 on errors, 503 while the circuit is open, 504 on timeout) */
  mutate<T, V extends OperationVariables>(document: TypedDocumentNode<T, V>, variables: V): Promise<T>;
};

export type StorefrontClientFactory = (buyerIp: string | null) => StorefrontClient;

/**
 * Factory bound to the config; call it once per incoming request with the shopper's IP.
 * @param circuits the process's breakers (none: every call goes out, as in unit tests)
 */
export function storefrontClientFactory(config: Config['storefront'], circuits?: UpstreamCircuits): StorefrontClientFactory {
  const guarded = <T>(work: () => Promise<T>): Promise<T> => (circuits ? circuits.run('storefront', work) : work());
  const timedFetch: typeof fetch = (input, init) => {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };

  return (buyerIp) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'Shopify-Storefront-Private-Token': config.privateToken,
    };
    if (buyerIp) headers['Shopify-Storefront-Buyer-IP'] = buyerIp;
    const apollo = new ApolloClient({
      link: new HttpLink({ uri: config.endpoint, fetch: timedFetch, headers }),
      cache: new InMemoryCache({ possibleTypes }),
      ssrMode: true,
    });
    return {
      async query(query, variables) {
        try {
          const { data } = await guarded(() => apollo.query({ query, variables, fetchPolicy: 'no-cache' }));
          return data as NonNullable<typeof data>;
        } catch (err) {
          throw toUpstreamError('storefront', err);
        }
      },
      async mutate(mutation, variables) {
        try {
          const { data } = await guarded(() => apollo.mutate({ mutation, variables, fetchPolicy: 'no-cache' }));
          return data as NonNullable<typeof data>;
        } catch (err) {
          throw toUpstreamError('storefront', err);
        }
      },
    };
  };
}
