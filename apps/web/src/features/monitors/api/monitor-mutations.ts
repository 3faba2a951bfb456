import type { Monitor, MonitorInput, MonitorRun } from '@altwise/sdk';
import type { Job } from '@altwise/shared';
import { jobSchema, monitorRunSchema, monitorSchema } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { MONITORS_KEY } from './monitor-queries';

/** POST /v1/monitors (201; 403 past the plan's monitors). */
export async function createMonitor(input: MonitorInput): Promise<Monitor> {
  return parseResponse(monitorSchema, await api.post('/v1/monitors', input), 'monitor');
}

export function useCreateMonitor() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createMonitor, onSuccess: () => client.invalidateQueries({ queryKey: [...MONITORS_KEY, 'list'] }) });
}

export function useDeleteMonitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete<unknown>(`/v1/monitors/${encodeURIComponent(id)}`);
    },
    onSuccess: (_nothing, id) => {
      client.removeQueries({ queryKey: [...MONITORS_KEY, id] });
      return client.invalidateQueries({ queryKey: [...MONITORS_KEY, 'list'] });
    },
  });
}

/** POST /v1/monitors/:id/runs: queues a run (202; 409 while one is queued or running, 429 past the runs per day). */
export function useStartRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<MonitorRun> => parseResponse(monitorRunSchema, await api.post(`/v1/monitors/${encodeURIComponent(id)}/runs`), 'run'),
    onSuccess: (_run, id) => client.invalidateQueries({ queryKey: [...MONITORS_KEY, id, 'runs'] }),
  });
}

/** POST /v1/monitors/:id/runs/:runId/fix: the bulk job suggesting alt text for the run's failing images (the same job at every call). */
export function useFixRun() {
  return useMutation({
    mutationFn: async (run: Pick<MonitorRun, 'id' | 'monitorId'>): Promise<Job> =>
      parseResponse(jobSchema, await api.post(`/v1/monitors/${encodeURIComponent(run.monitorId)}/runs/${encodeURIComponent(run.id)}/fix`), 'job'),
  });
}
