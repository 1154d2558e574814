/** Context providers around the router, identical on server and browser so hydration matches. */
import type { ReactNode } from 'react';
import { AppConfigContext, type AppConfig } from './lib/app-config';
import { StoresContext, type Stores } from './stores';

export function AppProviders({ stores, config, children }: { stores: Stores; config: AppConfig; children: ReactNode }) {
  return (
    <AppConfigContext.Provider value={config}>
      <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>
    </AppConfigContext.Provider>
  );
}
