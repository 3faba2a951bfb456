// A monitor's schedule: manual (no next run), daily, weekly (from the last time, in whole days), or
// a five-field cron expression read in UTC by a maintained parser (cron-parser, as BullMQ uses).
import { CronExpressionParser } from 'cron-parser';
import { DAY_MS } from '@altwise/shared';

/** A cron schedule may start a run at most this often: a monitor is no load generator. */
export const MIN_CRON_INTERVAL_MS = 60 * 60 * 1000;

/** Why the schedule is not one, or null when it is. */
export function scheduleProblem(schedule: string, now: number): string | null {
  if (schedule === 'manual' || schedule === 'daily' || schedule === 'weekly') return null;
  if (schedule.split(/\s+/).length !== 5) return 'The schedule is manual, daily, weekly or a cron expression of five fields (minute hour day month weekday, UTC)';
  try {
    const expression = CronExpressionParser.parse(schedule, { currentDate: new Date(now), tz: 'UTC' });
    const first = expression.next().getTime();
    const second = expression.next().getTime();
    if (second - first < MIN_CRON_INTERVAL_MS) return 'A cron schedule may run at most once an hour';
    return null;
  } catch (error) {
    return `The cron expression is not valid: ${error instanceof Error ? error.message : 'unreadable'}`;
  }
}

/** When the schedule next starts a run after `now` (null: manual). */
export function nextRunAt(schedule: string, now: number): number | null {
  if (schedule === 'manual') return null;
  if (schedule === 'daily') return now + DAY_MS;
  if (schedule === 'weekly') return now + 7 * DAY_MS;
  try {
    return CronExpressionParser.parse(schedule, { currentDate: new Date(now), tz: 'UTC' }).next().getTime();
  } catch {
    // Stored schedules were checked when saved: an unreadable one stops scheduling, never the loop.
    return null;
  }
}
