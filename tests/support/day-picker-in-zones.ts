/**
 * Renders react-day-picker with `dayPickerProps` in several browser time zones and prints, per
 * zone, every day of the shown months and whether DayPicker disabled it. Run as a child process
 * (`node --import tsx`, argv[2] = JSON { answer, zones }): the TZ of a jest worker cannot change,
 * a plain Node process honours `process.env.TZ` changes at run time.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DayPicker } from 'react-day-picker';
import { calendarAvailability, dayPickerProps, type AvailabilityAnswer } from '../../shared/availability';

const { answer, zones } = JSON.parse(process.argv[2]) as { answer: AvailabilityAnswer; zones: string[] };
const result: Record<string, Record<string, boolean>> = {};
for (const zone of zones) {
  process.env.TZ = zone;
  const props = dayPickerProps(calendarAvailability(answer));
  const days: Record<string, boolean> = {};
  const [lastYear, lastMonth] = (answer.maxDate ?? answer.minDate).split('-').map(Number);
  for (
    let [year, month] = answer.minDate.split('-').map(Number);
    year * 12 + month <= lastYear * 12 + lastMonth;
    month === 12 ? ((year += 1), (month = 1)) : (month += 1)
  ) {
    const html = renderToStaticMarkup(createElement(DayPicker, { ...props, mode: 'single', month: new Date(Date.UTC(year, month - 1, 15, 17)) }));
    for (const [cell] of html.matchAll(/<td[^>]*data-day="[^"]+"[^>]*>/g)) {
      if (cell.includes('data-outside')) continue;
      days[/data-day="([^"]+)"/.exec(cell)![1]] = cell.includes('data-disabled="true"');
    }
  }
  result[zone] = days;
}
process.stdout.write(JSON.stringify(result));
