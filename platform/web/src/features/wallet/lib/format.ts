// The wallet's ends of validity and remaining times.

/** An exclusive end (the next midnight) as the last minute it covers. */
export function lastMinuteOf(iso: string): Date {
  return new Date(new Date(iso).getTime() - 60_000);
}

/** A remaining time as h:mm:ss or m:ss, digits as the language writes them. */
export function formatRemaining(milliseconds: number, language: string): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const digits = new Intl.NumberFormat(language, { minimumIntegerDigits: 2, useGrouping: false });
  const plain = new Intl.NumberFormat(language, { useGrouping: false });
  return hours > 0
    ? `${plain.format(hours)}:${digits.format(minutes)}:${digits.format(seconds)}`
    : `${plain.format(minutes)}:${digits.format(seconds)}`;
}
