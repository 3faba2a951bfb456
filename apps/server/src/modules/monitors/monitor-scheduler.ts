// Starts the runs of due monitors. Every instance ticks; each due monitor's run is inserted by
// exactly one of them (monitor.repository.ts startScheduled: a conditional move of its next time and
// the insert, in one transaction).
import { randomUUID } from 'node:crypto';
import type { MonitorRepository } from './monitor.repository';
import { nextRunAt } from './schedule';

/** Due monitors looked at per tick (the rest at the next one). */
const DUE_PER_TICK = 50;

export function createMonitorScheduler(repository: MonitorRepository, now: () => number) {
  return {
    /** The runs this tick started. */
    async tick(): Promise<number> {
      const at = now();
      let started = 0;
      for (const monitor of await repository.dueMonitors(at, DUE_PER_TICK)) {
        // One run at a time per monitor: one still going when the next is due is not doubled (the schedule moves on).
        const busy = await repository.activeRun(monitor.id);
        const run = busy
          ? null
          : { id: randomUUID(), monitor_id: monitor.id, user_id: monitor.user_id, status: 'queued' as const, trigger: 'schedule' as const, seeds: null, findings: null, summary: null, error: null, lease_owner: null, lease_until: null, created_at: at, started_at: null, finished_at: null };
        if ((await repository.startScheduled(monitor, nextRunAt(monitor.schedule, at), run)) && run) started += 1;
      }
      return started;
    },
  };
}
