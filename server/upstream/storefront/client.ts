/**
 * Request-scoped Storefront API client (docs/architecture.md §4.2, §7): Apollo Client over HttpLink with the
 * private token, the shopper's IP as `Shopify-Storefront-Buyer-IP`, a per-call timeout cut short
 * by the request's deadline (server/http/deadline.ts; either is a 504), and a
 * fresh InMemoryCache per request (so one shopper's data never leaks into another's). Every call
 * goes through the `storefront` circuit breaker when one is given (server/upstream/circuit.ts):
 * while the API is down, calls fail at once with an UpstreamError 503.
 */
import { ApolloClient, HttpLink, InMemoryCache, type OperationVariables, type TypedDocumentNode } from '@apollo/client';
import type { Config } from '../../config';
import { upstreamSignal } from '../../http/request-context';
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
  /**
   * One operation through the breaker, its fetch given the call's signal (Apollo's HttpLink passes
   * `context.fetchOptions.signal` on, aborting with its reason); errors become UpstreamErrors there,
   * so the breaker records a timeout as one.
   */
  const guarded = <T>(work: (context: { fetchOptions: { signal: AbortSignal } }) => Promise<T>): Promise<T> => {
    const call = () => {
      const signal = upstreamSignal(config.timeoutMs);
      return work({ fetchOptions: { signal } }).catch((err: unknown) => Promise.reject(toUpstreamError('storefront', err, signal)));
    };
    return circuits ? circuits.run('storefront', call) : call();
  };

  return (buyerIp) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'Shopify-Storefront-Private-Token': config.privateToken,
    };
    if (buyerIp) headers['Shopify-Storefront-Buyer-IP'] = buyerIp;
    const apollo = new ApolloClient({
      link: new HttpLink({ uri: config.endpoint, headers }),
      cache: new InMemoryCache({ possibleTypes }),
      ssrMode: true,
    });
    return {
      async query(query, variables) {
        try {
          const { data } = await guarded((context) => apollo.query({ query, variables, fetchPolicy: 'no-cache', context }));
          return data as NonNullable<typeof data>;
        } catch (err) {
          throw toUpstreamError('storefront', err);
        }
      },
      async mutate(mutation, variables) {
        try {
          const { data } = await guarded((context) => apollo.mutate({ mutation, variables, fetchPolicy: 'no-cache', context }));
          return data as NonNullable<typeof data>;
        } catch (err) {
          throw toUpstreamError('storefront', err);
        }
      },
    };
  };
}
