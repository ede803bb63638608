// The time source services read, passed in so that tests move time instead of waiting for it.

export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
