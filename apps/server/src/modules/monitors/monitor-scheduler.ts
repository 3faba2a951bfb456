// Starts the runs of due monitors. Every instance ticks; each due monitor's run is inserted by
// exactly one of them (monitor.repository.ts startScheduled: a conditional move of its next time and
// the insert, in one transaction).
import { randomUUID } from 'node:crypto';
import type { MonitorRepository } from './monitor.repository';
import { nextRunAt } from './schedule';

/** Due monitors looked at per tick (the rest at the next one). */
const DUE_PER_TICK = 50;

/**
 * `refusal`: why the account may not start another run now (its plan's runs per day), or null. A
 * refused scheduled run is recorded as failed with that reason, never crawled, and not counted.
 */
export function createMonitorScheduler(repository: MonitorRepository, now: () => number, refusal: (userId: string, at: number) => Promise<string | null> = async () => null) {
  return {
    /** The runs this tick started. */
    async tick(): Promise<number> {
      const at = now();
      let started = 0;
      for (const monitor of await repository.dueMonitors(at, DUE_PER_TICK)) {
        // One run at a time per monitor: one still going when the next is due is not doubled (the schedule moves on).
        const busy = await repository.activeRun(monitor.id);
        const refused = busy ? null : await refusal(monitor.user_id, at);
        const run = busy
          ? null
          : {
              id: randomUUID(),
              monitor_id: monitor.id,
              user_id: monitor.user_id,
              status: refused ? ('failed' as const) : ('queued' as const),
              trigger: 'schedule' as const,
              seeds: null,
              findings: null,
              summary: null,
              error: refused,
              lease_owner: null,
              lease_until: null,
              created_at: at,
              started_at: null,
              finished_at: refused ? at : null,
              fix_job_id: null,
            };
        if ((await repository.startScheduled(monitor, nextRunAt(monitor.schedule, at), run)) && run && !refused) started += 1;
      }
      return started;
    },
  };
}
