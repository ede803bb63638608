// How long a ticket session lives: an idle window that activity moves forward, and an absolute
// limit it never passes (docs/decisions/0009-ticket-api-data-and-sessions.md).

export type SessionPolicy = {
  idleMinutes: number;
  absoluteDays: number;
};

/** Activity within this many seconds of the last recorded one is not written again. */
export const SESSION_TOUCH_INTERVAL_SECONDS = 60;
