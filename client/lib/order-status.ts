/**
 * Order statuses in words (spec §3 Order: financialStatus, fulfillmentStatus): the Storefront
 * API's enum values, e.g. "PARTIALLY_REFUNDED", read as "Partially refunded".
 */

/** "PARTIALLY_REFUNDED" → "Partially refunded"; null (the platform does not know) → "Unknown". */
export function statusInWords(status: string | null): string {
  if (!status) return 'Unknown';
  const words = status.toLowerCase().split('_').filter(Boolean).join(' ');
  return words ? words[0].toUpperCase() + words.slice(1) : 'Unknown';
}
