/**
 * The date calendar (spec §5 Calendar), loaded lazily (./lazy-calendar.ts): react-day-picker in
 * New York time with the scheduler's bounds (16:00 on minDate and maxDate), closed weekdays and
 * closed dates disabled, month navigation limited to the range, single required date, no time.
 */
import { useMemo } from 'react';
import { DayPicker, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import '../../styles/calendar.css';
import { BOUND_HOUR, dayPickerProps, newYorkDateKey, newYorkInstant, type CalendarAvailability, type DateKey } from '../../../shared/availability';

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
 * library's default ("November 1st") does not. `timeZone`: the calendar's, New York.
 */
function dayButtonLabel(timeZone: string) {
  return (date: Date, modifiers: Modifiers) => {
    const day = date.toLocaleDateString('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    return modifiers.selected ? `${day}, selected` : day;
  };
}

export function Calendar({ calendar, selected, onSelect, label }: CalendarProps) {
  const props = useMemo(() => dayPickerProps(calendar), [calendar]);
  const selectedDay = selected ? newYorkInstant(selected, BOUND_HOUR) : undefined;
  return (
    <DayPicker
      {...props}
      defaultMonth={selectedDay ?? props.defaultMonth}
      mode="single"
      required
      selected={selectedDay}
      onSelect={(day) => onSelect(newYorkDateKey(day))}
      aria-label={label}
      labels={{ labelDayButton: dayButtonLabel(props.timeZone) }}
      className="calendar"
    />
  );
}
