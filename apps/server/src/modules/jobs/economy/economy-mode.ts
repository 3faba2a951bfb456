import type { JobMode } from '@altwise/shared';
import { ECONOMY_MODE_HINT } from '@altwise/shared';
import { STANDARD_FALLBACK } from '../jobs.service';
import { readingsOf } from '../../alt-text';
import type { BatchClient } from './batch-client';

/** How a job asked in `mode` runs on this server: economy only where the provider has a batch API here. */
export function economyModeOf(client: BatchClient | null, providerName: string) {
  return (mode: JobMode): { effective: JobMode; note: string | null } => {
    if (mode !== 'economy') return { effective: 'standard', note: null };
    if (!client) return { effective: 'standard', note: `${STANDARD_FALLBACK}: the ${providerName} provider has no batch API.` };
    return { effective: 'economy', note: `Sent through the ${client.provider === 'openai' ? 'OpenAI' : 'Anthropic'} batch API: ${ECONOMY_MODE_HINT}.` };
  };
}

/** Readings (and so units and provider requests) per item of a job, from its stored options: `samples` of a verified job, else one. */
export function jobReadingsOf(options: string | null): number {
  const parsed = JSON.parse(options ?? '{}') as { verify?: boolean; samples?: number };
  return readingsOf(parsed);
}
