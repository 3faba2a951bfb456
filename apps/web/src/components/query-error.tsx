import { AlertTriangle, RotateCw } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { InlineAlert } from './inline-alert';

/** The part of a TanStack query (or infinite query) result these blocks need. */
export interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch(): Promise<unknown>;
}

/** A failed query in place of a page's content: the server's message and a Retry button. */
export function QueryErrorState({ title, query }: { title: string; query: RetryableQuery }) {
  return (
    <EmptyState
      icon={AlertTriangle}
      title={title}
      description={errorMessage(query.error)}
      action={
        <Button
          variant="outline"
          leftIcon={<RotateCw className="size-4" aria-hidden="true" />}
          isLoading={query.isFetching}
          loadingText="Retrying..."
          onClick={() => void query.refetch()}
        >
          Retry
        </Button>
      }
    />
  );
}

/** A failed query inside a section: an error alert with the server's message and a Retry button. */
export function QueryErrorAlert({ title, query, className }: { title: string; query: RetryableQuery; className?: string }) {
  return (
    <InlineAlert
      tone="error"
      role="alert"
      className={className}
      title={title}
      action={
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      }
    >
      {errorMessage(query.error)}
    </InlineAlert>
  );
}
