/** A calendar date from the content lake (`YYYY-MM-DD`) as "May 6, 2026" in a <time> element. */
import { formatCalendarDate } from '../lib/format';

export function EditorialDate({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date} className={className}>
      {formatCalendarDate(date)}
    </time>
  );
}
