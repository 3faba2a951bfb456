import type { Monitor, MonitorImages, MonitorPages, MonitorRun, MonitorTrend } from '@altwise/sdk';
import { monitorImageListSchema, monitorListSchema, monitorPageListSchema, monitorRunListSchema, monitorSchema, monitorTrendSchema } from '@altwise/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

/** Every monitors query (the list, one monitor, its runs, trend, images and pages) starts with this key. */
export const MONITORS_KEY = ['monitors'] as const;

/** A run is polled while it is queued or running, like a bulk job (features/jobs/api/job-polling.ts says why polling). */
export const POLL_MS = 2_000;
export const isRunActive = (run: Pick<MonitorRun, 'status'>) => run.status === 'queued' || run.status === 'running';

const monitorPath = (id: string) => `/v1/monitors/${encodeURIComponent(id)}`;
const runPath = (id: string, runId: string) => `${monitorPath(id)}/runs/${encodeURIComponent(runId)}`;

export async function getMonitors(signal?: AbortSignal): Promise<Monitor[]> {
  return parseResponse(monitorListSchema, await api.get('/v1/monitors', { signal }), 'monitors').monitors;
}

export function useMonitors() {
  return useQuery({ queryKey: [...MONITORS_KEY, 'list'], queryFn: ({ signal }) => getMonitors(signal) });
}

export function useMonitor(id: string) {
  return useQuery({
    queryKey: [...MONITORS_KEY, id],
    queryFn: async ({ signal }): Promise<Monitor> => parseResponse(monitorSchema, await api.get(monitorPath(id), { signal }), 'monitor'),
  });
}

/**
 * The monitor's runs, newest first, polled while the newest is queued or running. When it ends,
 * the trend and the list are read again: the finished run is a new point.
 */
export function useRuns(id: string) {
  const client = useQueryClient();
  const runs = useQuery({
    queryKey: [...MONITORS_KEY, id, 'runs'],
    queryFn: async ({ signal }): Promise<MonitorRun[]> => parseResponse(monitorRunListSchema, await api.get(`${monitorPath(id)}/runs`, { signal }), 'runs').runs,
    refetchInterval: (query) => (query.state.data?.some(isRunActive) ? POLL_MS : false),
  });
  const active = runs.data?.some(isRunActive) ?? false;
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void client.invalidateQueries({ queryKey: [...MONITORS_KEY, id, 'trend'] });
    wasActive.current = active;
  }, [client, id, active]);
  return runs;
}

export function useTrend(id: string) {
  return useQuery({
    queryKey: [...MONITORS_KEY, id, 'trend'],
    queryFn: async ({ signal }): Promise<MonitorTrend> => parseResponse(monitorTrendSchema, await api.get(`${monitorPath(id)}/trend`, { signal }), 'trend'),
  });
}

export const LIST_PAGE_SIZE = 50;

export interface ImageFilters {
  failingOnly: boolean;
  /** An issue id of the run's `rules`, or '' for any. */
  rule: string;
  offset: number;
}

export function useRunImages(id: string, runId: string, filters: ImageFilters) {
  const query = new URLSearchParams({ limit: String(LIST_PAGE_SIZE), offset: String(filters.offset) });
  if (filters.failingOnly) query.set('failing', 'true');
  if (filters.rule) query.set('rule', filters.rule);
  return useQuery({
    queryKey: [...MONITORS_KEY, id, 'runs', runId, 'images', filters],
    queryFn: async ({ signal }): Promise<MonitorImages> => parseResponse(monitorImageListSchema, await api.get(`${runPath(id, runId)}/images?${query}`, { signal }), 'images'),
    placeholderData: keepPreviousData,
  });
}

export type PageStatus = MonitorPages['pages'][number]['status'];

export function useRunPages(id: string, runId: string, filters: { status: PageStatus | 'all'; offset: number }) {
  const query = new URLSearchParams({ limit: String(LIST_PAGE_SIZE), offset: String(filters.offset) });
  if (filters.status !== 'all') query.set('status', filters.status);
  return useQuery({
    queryKey: [...MONITORS_KEY, id, 'runs', runId, 'pages', filters],
    queryFn: async ({ signal }): Promise<MonitorPages> => parseResponse(monitorPageListSchema, await api.get(`${runPath(id, runId)}/pages?${query}`, { signal }), 'pages'),
    placeholderData: keepPreviousData,
  });
}
