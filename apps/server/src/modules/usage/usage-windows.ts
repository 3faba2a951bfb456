import { DAY_MS, HOUR_MS } from '@altwise/shared';

/** Quota and analytics windows, all in UTC: the clock hour and the calendar day ("Resets at midnight"). */
export { DAY_MS, HOUR_MS };

export const startOfHour = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;
export const startOfDay = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

export interface Windows {
  hourStart: number;
  dayStart: number;
}

export function windowsAt(at: number): Windows {
  return { hourStart: startOfHour(at), dayStart: startOfDay(at) };
}
