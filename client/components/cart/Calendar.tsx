/**
 * The date calendar (spec §5 Calendar), loaded lazily (./lazy-calendar.ts): react-day-picker over
 * New York days (`calendarDay`) with the scheduler's bounds, closed weekdays and closed dates
 * disabled, month navigation limited to the range, single required date, no time.
 */
import { useMemo } from 'react';
import { DayPicker, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import '../../styles/calendar.css';
import {
  calendarDay,
  calendarDayKey,
  dayPickerProps,
  formatDateForDisplay,
  type CalendarAvailability,
  type DateKey,
} from '../../../shared/availability';

export type CalendarProps = {
  calendar: CalendarAvailability;
  selected: DateKey | null;
  onSelect: (date: DateKey) => void;
  /** Accessible name of the calendar grid, e.g. "Select a delivery date". */
  label: string;
};

/**
 * A day button's accessible name, e.g. "Sunday, November 1, 2026" (", selected" when it is):
 * the visible day number stands in it as a whole word (WCAG 2.5.3 label in name), which the
 * library's default ("November 1st") does not. `date`: a `calendarDay`.
 * Through one shared formatter: `toLocaleDateString` with options builds an `Intl.DateTimeFormat`
 * per call, 42 a render, which made choosing a date slow (`npm run bench:inp`).
 */
function labelDayButton(date: Date, modifiers: Modifiers): string {
  const day = formatDateForDisplay(calendarDayKey(date));
  return modifiers.selected ? `${day}, selected` : day;
}

const LABELS = { labelDayButton };

export function Calendar({ calendar, selected, onSelect, label }: CalendarProps) {
  const props = useMemo(() => dayPickerProps(calendar), [calendar]);
  const selectedDay = selected ? calendarDay(selected) : undefined;
  return (
    <DayPicker
      {...props}
      defaultMonth={selectedDay ?? props.defaultMonth}
      mode="single"
      required
      selected={selectedDay}
      onSelect={(day) => onSelect(calendarDayKey(day))}
      aria-label={label}
      labels={LABELS}
      className="calendar"
    />
  );
}
