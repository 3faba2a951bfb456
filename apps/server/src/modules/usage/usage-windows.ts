/** Quota and analytics windows, all in UTC: the clock hour and the calendar day ("Resets at midnight"). */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const startOfHour = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;
export const startOfDay = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

export interface Windows {
  hourStart: number;
  dayStart: number;
}

export function windowsAt(at: number): Windows {
  return { hourStart: startOfHour(at), dayStart: startOfDay(at) };
}
