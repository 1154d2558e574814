/**
 * Loads the calendar (react-day-picker and its stylesheet) on demand, as its own chunk
 * (docs/architecture.md §6): first asked for when the cart drawer opens. The stylesheet's URL comes from the
 * build manifest through AppConfig (`calendarCss`). A chunk that fails to load reloads the page once
 * per path within 10 s (spec §4, §8; client/runtime/chunk-reload.ts); when that guard refuses, the
 * hook reports the failure so the date selector shows an error with Retry instead of "Loading...".
 */
import { useEffect, useState, type ComponentType } from 'react';
import { importWithReload } from '../../runtime/chunk-reload';
import type { CalendarProps } from './Calendar';

/** The lazy module's source path, as the build manifest's `lazyCss` names it. */
export const CALENDAR_MODULE = 'client/components/cart/Calendar.tsx';

let loading: Promise<ComponentType<CalendarProps>> | null = null;

function linkStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return resolve();
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    // A missing stylesheet leaves the calendar plain, not absent.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** The Calendar component, once its code and stylesheet are in; a failed load may be retried. */
export function loadCalendar(cssHref: string | null): Promise<ComponentType<CalendarProps>> {
  loading ??= Promise.all([importWithReload(() => import('./Calendar')), cssHref ? linkStylesheet(cssHref) : null]).then(
    ([module]) => module.Calendar,
  );
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The Calendar component once `active` has been true and it has loaded (null until then);
 * `failed` when its chunk could not be loaded and the page was not reloaded for it; `retry`
 * loads it again.
 */
export function useCalendarComponent(
  active: boolean,
  cssHref: string | null,
): { Calendar: ComponentType<CalendarProps> | null; failed: boolean; retry: () => void } {
  const [component, setComponent] = useState<{ Calendar: ComponentType<CalendarProps> } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  useEffect(() => {
    if (!active || component) return;
    let current = true;
    loadCalendar(cssHref).then(
      (Calendar) => {
        if (current) setComponent({ Calendar });
      },
      () => {
        if (current) setFailedAttempt(attempt);
      },
    );
    return () => {
      current = false;
    };
  }, [active, component, cssHref, attempt]);
  return { Calendar: component?.Calendar ?? null, failed: failedAttempt === attempt, retry: () => setAttempt((n) => n + 1) };
}
