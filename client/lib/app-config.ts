/** Per-deployment values the UI needs (the canonical site url), provided by server and entry alike. */
import { createContext, useContext } from 'react';

export type AppConfig = { siteUrl: string };

export const AppConfigContext = createContext<AppConfig>({ siteUrl: '' });

export const useAppConfig = (): AppConfig => useContext(AppConfigContext);
