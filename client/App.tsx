/** Context providers around the router, identical on server and browser so hydration matches. */
import type { ReactNode } from 'react';
import { AppConfigContext, type AppConfig } from './lib/app-config';
import { RenderedAtContext } from './lib/use-now';
import { StoresContext, type Stores } from './stores';

/** `renderedAt`: the server's render time, epoch ms (`AppState.renderedAt`, lib/use-now.ts). */
export function AppProviders({
  stores,
  config,
  renderedAt,
  children,
}: {
  stores: Stores;
  config: AppConfig;
  renderedAt: number;
  children: ReactNode;
}) {
  return (
    <AppConfigContext.Provider value={config}>
      <RenderedAtContext.Provider value={renderedAt}>
        <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>
      </RenderedAtContext.Provider>
    </AppConfigContext.Provider>
  );
}
