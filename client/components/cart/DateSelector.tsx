/**
 * The delivery / pickup date (spec §4 date selector): "Loading..." while the calendar is
 * fetched; refetched when `active` turns on (the drawer opens), when the number of lines
 * changes (the calendar is re-created then) and when the checkout type changes. A failed
 * fetch shows no dates and no message (spec §7). A chosen date reads as a long date. Shipping
 * needs no date. When the calendar's code cannot be loaded (and the one automatic reload was
 * spent, client/runtime/chunk-reload.ts) an error with Retry replaces "Loading..."; checkout
 * stays disabled, as no date can be chosen.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { formatDateForDisplay } from '../../../shared/availability';
import { useAppConfig } from '../../lib/app-config';
import { useStores } from '../../stores';
import { useCalendarComponent } from './lazy-calendar';

/** Spec §9 labels. */
const LOADING = 'Loading...';
const SELECT_DATE = 'Select Date';
const PROMPT = { delivery: 'Select a delivery date', pickup: 'Select a pickup date' } as const;
export const CALENDAR_FAILED = 'The calendar could not be loaded, so no date can be chosen and checkout is unavailable.';
const RETRY = 'Retry';

export const DateSelector = observer(function DateSelector({ active }: { active: boolean }) {
  const { cart, checkout } = useStores();
  const { calendarCss } = useAppConfig();
  const { Calendar, failed: calendarFailed, retry } = useCalendarComponent(active, calendarCss);
  const [changing, setChanging] = useState(false);
  const id = useId();
  const type = checkout.checkoutType;
  const lineCount = cart.lines.length;
  const cartId = cart.cart?.id;

  useEffect(() => {
    if (active) void checkout.loadCalendar();
  }, [active, checkout, lineCount, type, cartId]);

  if (type === 'shipping') return null;
  const date = checkout.date;
  const calendar = checkout.calendar;
  const prompt = PROMPT[type];
  const showCalendar = calendar && Calendar && (!date || changing);

  return (
    <section className="date-selector" aria-labelledby={`${id}-label`}>
      <h2 id={`${id}-label`} className="field__label">
        {SELECT_DATE}
      </h2>
      {calendarFailed && !Calendar ? (
        <div className="date-selector__error" role="alert">
          <p>{CALENDAR_FAILED}</p>
          <button type="button" className="button" onClick={retry}>
            {RETRY}
          </button>
        </div>
      ) : checkout.calendarLoading || (calendar && !Calendar) ? (
        <p className="date-selector__status" role="status">
          {LOADING}
        </p>
      ) : (
        calendar && (
          <>
            <p className="date-selector__value" aria-live="polite">
              {date ? formatDateForDisplay(date) : prompt}
              {date && !changing && (
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Change the date, ${formatDateForDisplay(date)}`}
                  onClick={() => setChanging(true)}
                >
                  Change
                </button>
              )}
            </p>
            {showCalendar && (
              <Calendar
                key={lineCount}
                calendar={calendar}
                selected={date}
                label={prompt}
                onSelect={(day) => {
                  checkout.chooseDate(day);
                  setChanging(false);
                }}
              />
            )}
          </>
        )
      )}
    </section>
  );
});
