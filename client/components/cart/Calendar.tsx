/**
 * The date calendar (spec §5 Calendar), loaded lazily (./lazy-calendar.ts): react-day-picker in
 * New York time with the scheduler's bounds (16:00 on minDate and maxDate), closed weekdays and
 * closed dates disabled, month navigation limited to the range, single required date, no time.
 */
import { useMemo } from 'react';
import { DayPicker } from 'react-day-picker';
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
      className="calendar"
    />
  );
}
