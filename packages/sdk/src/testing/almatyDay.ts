/** The calendar day in Kazakhstan (UTC+5), which "the first view of the day" counts in, as `YYYY-MM-DD`. */
export function almatyDay(at: Date): string {
  return new Date(at.getTime() + 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
