// Instants as the network's clock shows them (decision 0038): the server writes each instant of its
// answers with the network's UTC offset at that instant (2026-12-07T00:00:00+01:00), from its own
// time-zone data; a page, a document or a command reads the wall clock back from the text's own
// digits, never from the time-zone data of the runtime reading it, so every side shows the same time.
import { type NetworkWallClock, wallClockAndOffsetOf, wallClockOf } from './network-clock.ts';

const TEXT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?(Z|[+-]\d{2}:\d{2})$/;
const MINUTE = 60_000;

const two = (value: number) => String(value).padStart(2, '0');

/** An instant on the network's clock, ISO 8601 with its UTC offset there; milliseconds only when some. */
export function networkInstantText(instant: Date | number, timeZone: string): string {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  const { clock, offset } = wallClockAndOffsetOf(at, timeZone);
  const milliseconds = new Date(at).getUTCMilliseconds();
  const fraction = milliseconds === 0 ? '' : `.${String(milliseconds).padStart(3, '0')}`;
  return `${clock.date}T${clock.time}:${two(clock.second)}${fraction}${offset}`;
}

type ReadText = { wall: number; offset: string };

function read(text: string): ReadText {
  const match = TEXT.exec(text);
  if (!match) throw new RangeError(`Not an instant with an offset: ${text}`);
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const milliseconds = Number((match[7] ?? '0').padEnd(3, '0'));
  return {
    wall: Date.UTC(year, month - 1, day, hour, minute, second, milliseconds),
    offset: match[8] === 'Z' ? '+00:00' : (match[8] ?? '+00:00'),
  };
}

/**
 * The wall clock a text shows as a Date whose UTC fields are that wall clock: formatted by Intl
 * in the UTC time zone, it writes the network's date and time in any language, whatever this
 * runtime's own time-zone data says of the network's zone.
 */
export function wallClockDateOf(text: string): Date {
  return new Date(read(text).wall);
}

/** The wall clock a text shows, read from its digits. */
export function wallClockOfText(text: string): NetworkWallClock {
  return wallClockOf(read(text).wall, 'UTC');
}

/** The UTC offset a text carries, ±HH:MM (Z reads +00:00). */
export function utcOffsetOfText(text: string): string {
  return read(text).offset;
}

/**
 * An exclusive end as shown: a midnight of the network's clock as the last minute of the day it
 * closes ("to 23:59", at the offset the end carries), any other end (an activation's window,
 * exact to the second) as it is. The wallet, the attestation, the printed ticket and ticket:verify
 * show ends by this one rule.
 */
export function shownEndOf(text: string): string {
  const { wall, offset } = read(text);
  if (wall % (24 * 60 * MINUTE) !== 0) return text;
  const shown = new Date(wall - MINUTE).toISOString().slice(0, 19);
  return `${shown}${offset}`;
}
