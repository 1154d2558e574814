/**
 * GraphiQL for the Storefront API emulator, in the browser (bundled by esbuild.config.ts
 * `buildGraphiql` into dist/emulators/graphiql/, served by ./routes.ts at `/graphiql`). Nothing
 * comes from another origin: the editor's workers are this build's own files beside this module.
 *
 * The page's root element carries what the emulator knows: `data-token` (the public Storefront
 * token, prefilled in the request headers editor and sent by the fetcher) and `data-api-version`. The endpoint is the
 * emulator's `/api/{version}/graphql.json`, resolved from this module's own URL
 * (`{base}/graphiql/assets/…` → `{base}/api/…`), so the same bundle works on the emulator's port
 * and under the shop's `/__local/storefront` (ADR-0027).
 */
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { createRoot } from 'react-dom/client';
import 'graphiql/style.css';
import './graphiql.css';

/** The Monaco workers' file names, beside this module (esbuild.config.ts defines them at build time). */
declare const __GRAPHIQL_WORKERS__: { editor: string; json: string; graphql: string };

window.MonacoEnvironment = {
  getWorker(_workerId, label) {
    const file = label === 'json' || label === 'graphql' ? __GRAPHIQL_WORKERS__[label] : __GRAPHIQL_WORKERS__.editor;
    return new Worker(new URL(`./${file}`, import.meta.url), { name: label });
  },
};

const DEFAULT_QUERY = `# The Storefront API emulator (Shopify's schema).
# Token: in Headers below. Schema: Docs (book icon).
{
  shop {
    name
  }
}
`;

const root = document.getElementById('graphiql');
if (root) {
  const { token = '', apiVersion = '' } = root.dataset;
  const tokenHeader = { 'X-Shopify-Storefront-Access-Token': token };
  // The fetcher sends the token too: GraphiQL's first introspection (the schema for the
  // documentation explorer) goes before the headers editor exists; the editor's value wins after.
  const fetcher = createGraphiQLFetcher({ url: new URL(`../../api/${apiVersion}/graphql.json`, import.meta.url).href, headers: tokenHeader });
  const headers = JSON.stringify(tokenHeader, null, 2);
  createRoot(root).render(
    <GraphiQL
      fetcher={fetcher}
      defaultQuery={DEFAULT_QUERY}
      initialHeaders={headers}
      defaultHeaders={headers}
      defaultEditorToolsVisibility="headers"
    />,
  );
}
