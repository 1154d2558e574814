/**
 * `POST /api/{version}/graphql.json`, the Storefront API endpoint. Requires a token header like
 * Shopify (public `X-Shopify-Storefront-Access-Token` or private `Shopify-Storefront-Private-Token`);
 * a missing or wrong token is answered 401. GraphQL problems (syntax, validation, bad variables,
 * resolver errors) are answered 200 with `{ errors }` as graphql-js formats them.
 * `@inContext(country:, language:)` on the operation is read into the resolver context.
 */
import type { Request, Response } from 'express';
import {
  execute,
  getDirectiveValues,
  Kind,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { safeEqual } from '../shared/safe-equal';
import type { StorefrontContext } from './context';

export const PUBLIC_TOKEN_HEADER = 'x-shopify-storefront-access-token';
export const PRIVATE_TOKEN_HEADER = 'shopify-storefront-private-token';

/** `2026-04`-style versions and `unstable` are accepted; others are not an API path. */
export const API_VERSION_PATTERN = /^(\d{4}-\d{2}|unstable)$/;

/** Shopify's 401 body. The message is the one Shopify's APIs give for a bad token. */
export const UNAUTHORIZED_BODY = {
  errors: [
    {
      message: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      extensions: { code: 'UNAUTHORIZED' },
    },
  ],
};

export type Tokens = { publicToken: string; privateToken: string };

function authorized(req: Request, tokens: Tokens): boolean {
  const privateToken = req.get(PRIVATE_TOKEN_HEADER);
  if (privateToken !== undefined) return safeEqual(privateToken, tokens.privateToken);
  const publicToken = req.get(PUBLIC_TOKEN_HEADER);
  return publicToken !== undefined && safeEqual(publicToken, tokens.publicToken);
}

function operationOf(document: DocumentNode, name: string | null | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return name ? operations.find((o) => o.name?.value === name) : operations.length === 1 ? operations[0] : undefined;
}

type GraphQLBody = { query?: unknown; variables?: unknown; operationName?: unknown };

/** Express handler for the GraphQL endpoint; `context` builds the per-request context. */
export function graphqlHandler(
  schemaFor: (version: string) => GraphQLSchema,
  tokens: Tokens,
  context: (inContext: Pick<StorefrontContext, 'country' | 'language'>) => StorefrontContext,
) {
  return async (req: Request, res: Response) => {
    if (!API_VERSION_PATTERN.test(String(req.params.version))) {
      res.status(404).json({ errors: 'Not Found' });
      return;
    }
    const schema = schemaFor(String(req.params.version));
    const inContextDirective = schema.getDirective('inContext');
    if (!authorized(req, tokens)) {
      res.status(401).json(UNAUTHORIZED_BODY);
      return;
    }
    // application/graphql bodies arrive as text (the query itself), JSON bodies as objects.
    const raw: unknown = req.body;
    const body: GraphQLBody = typeof raw === 'string' ? { query: raw } : typeof raw === 'object' && raw !== null ? raw : {};
    const { query, variables, operationName } = body;
    if (typeof query !== 'string' || !query.trim()) {
      res.status(200).json({ errors: [{ message: 'No query string was present' }] });
      return;
    }
    if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) {
      res.status(200).json({ errors: [{ message: 'Variables must be a JSON object' }] });
      return;
    }
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      res.status(200).json({ errors: [error as GraphQLError] });
      return;
    }
    const validationErrors = validate(schema, document, specifiedRules);
    if (validationErrors.length) {
      res.status(200).json({ errors: validationErrors });
      return;
    }
    const operation = operationOf(document, typeof operationName === 'string' ? operationName : null);
    const vars = (variables ?? {}) as Record<string, unknown>;
    let inContext: Record<string, unknown> | undefined;
    try {
      inContext = operation && inContextDirective ? getDirectiveValues(inContextDirective, operation, vars) : undefined;
    } catch {
      inContext = undefined; // bad directive variables are reported by execute() below
    }
    const result = await execute({
      schema,
      document,
      variableValues: vars,
      operationName: typeof operationName === 'string' ? operationName : undefined,
      contextValue: context({
        country: typeof inContext?.country === 'string' ? inContext.country : null,
        language: typeof inContext?.language === 'string' ? inContext.language : null,
      }),
    });
    res.status(200).json(result);
  };
}
