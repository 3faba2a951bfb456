import type { ApiKey } from '@altwise/shared';
import { Eye, EyeOff, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { Ref } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { cardClasses } from '@/components/card';
import { CopyButton } from '@/components/copy-button';
import { ProgressBar } from '@/components/progress-bar';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { capitalize, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useValidateApiKey } from '../api/validate-api-key';
import { maskApiKey } from '../mask-api-key';
import { useFullKey } from '../use-full-key';

const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-gray-200 dark:hover:bg-gray-800 dark:hover:text-white dark:focus-visible:ring-blue-400';

/**
 * Two meanings, each labelled: the bar counts this key's requests against the plan's limit; the
 * line below is the account's remaining requests, which every key of the account shares.
 */
function UsageBar({ label, used, limit, remaining, window }: { label: string; used: number; limit: number; remaining: number; window: string }) {
  return (
    <div>
      <ProgressBar
        label={label}
        value={used}
        max={limit}
        tone="auto"
        valueText={`This key: ${formatNumber(used)} / ${formatNumber(limit)}`}
      />
      <p className="mt-1 text-xs text-gray-600 dark:text-gray-300">
        Account: {formatNumber(Math.max(0, remaining))} requests remaining {window} (shared by all keys)
      </p>
    </div>
  );
}

export interface ApiKeyCardProps {
  apiKey: ApiKey;
  onDelete(apiKey: ApiKey, opener: HTMLButtonElement): void;
  /** The heading, focusable, which focus moves to when this key was just created. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** One key: masked value with show/hide and copy, status, plan, dates, usage bars, test and delete. */
export function ApiKeyCard({ apiKey, onDelete, headingRef }: ApiKeyCardProps) {
  const [fullKey, setFullKey] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  const revealed = fullKey !== null;
  const getFullKey = useFullKey();
  const validate = useValidateApiKey();
  const headingId = useId();
  const active = apiKey.status === 'active';
  // Every control says which key it acts on: a screen reader's list of buttons is otherwise
  // "Show API key" ten times over.
  const name = apiKey.name;

  const onToggle = async () => {
    if (revealed) {
      setFullKey(null);
      return;
    }
    setRevealing(true);
    try {
      setFullKey(await getFullKey(apiKey));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setRevealing(false);
    }
  };

  const onTest = async () => {
    try {
      // A key revoked elsewhere can no longer be revealed (404): it is, plainly, not valid.
      const fullKey = await getFullKey(apiKey).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
      const valid = fullKey !== null && (await validate.mutateAsync(fullKey));
      if (valid) toast.success('API key is valid and active!');
      else toast.error('API key is invalid or inactive');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <article aria-labelledby={headingId} data-testid="api-key" className={cn(cardClasses, 'p-5 sm:p-6')}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3
            ref={headingRef}
            id={headingId}
            tabIndex={-1}
            className="rounded font-semibold break-words text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-white dark:focus-visible:ring-blue-400"
          >
            {name}
          </h3>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
            Created {formatDate(apiKey.createdAt)} · {apiKey.lastUsedAt ? `Last used ${formatDateTime(apiKey.lastUsedAt)}` : 'Never used'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={active ? 'green' : 'gray'}>
            {active && <ShieldCheck className="size-3.5" aria-hidden="true" />}
            <span className="sr-only">Status: </span>
            {capitalize(apiKey.status)}
          </Badge>
          <Badge tone="violet">
            <span className="sr-only">Plan: </span>
            {capitalize(apiKey.plan || 'free')}
          </Badge>
        </div>
      </div>

      <div className="mt-4 flex items-center gap-1 rounded-xl border border-gray-200 bg-gray-50 py-1.5 pr-1.5 pl-3 dark:border-gray-700 dark:bg-gray-800">
        <code data-testid="api-key-value" className="min-w-0 flex-1 font-mono text-sm break-all text-gray-900 dark:text-gray-100">
          {fullKey ?? maskApiKey(apiKey.apiKey)}
        </code>
        <button
          type="button"
          className={iconButton}
          aria-pressed={revealed}
          aria-busy={revealing || undefined}
          aria-label={`${revealed ? 'Hide' : 'Show'} API key ${name}`}
          onClick={() => void onToggle()}
        >
          {revealed ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        </button>
        <CopyButton
          text={() => getFullKey(apiKey)}
          successMessage="API key copied to clipboard!"
          aria-label={`Copy API key ${name}`}
          variant="ghost"
          className="px-2.5"
        >
          <span className="sr-only sm:not-sr-only">Copy</span>
        </CopyButton>
      </div>

      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <UsageBar
          label="Hourly usage"
          used={apiKey.usage.hour}
          limit={apiKey.limits.requestsPerHour}
          remaining={apiKey.remainingRequests.hour}
          window="this hour"
        />
        <UsageBar
          label="Daily usage"
          used={apiKey.usage.day}
          limit={apiKey.limits.requestsPerDay}
          remaining={apiKey.remainingRequests.day}
          window="today"
        />
      </div>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 pt-4 dark:border-gray-800">
        <Button
          variant="outline"
          size="sm"
          isLoading={validate.isPending}
          loadingText="Testing..."
          onClick={() => void onTest()}
          aria-label={`Test Key ${name}`}
        >
          Test Key
        </Button>
        {active && (
          <button
            type="button"
            aria-label={`Delete API key ${name}`}
            onClick={(event) => onDelete(apiKey, event.currentTarget)}
            className={cn(iconButton, 'text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-300 dark:hover:bg-red-950 dark:hover:text-red-200')}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </article>
  );
}
