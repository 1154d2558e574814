/** A calendar date from the content lake (`YYYY-MM-DD`) as "May 6, 2026" in a <time> element. */

/**
 * Format an ISO calendar date. A date-only value names a day, not an instant, so it is read
 * and printed in UTC: reading it in New York time would show the day before.
 */
export function formatCalendarDate(iso: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

export function EditorialDate({ date, className }: { date: string; className?: string }) {
  return (
    <time dateTime={date} className={className}>
      {formatCalendarDate(date)}
    </time>
  );
}
