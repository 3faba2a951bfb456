import { History } from 'lucide-react';
import { Button } from '@/components/button';
import { cn } from '@/lib/cn';

/** The pages of a history list loaded so far, as TanStack Query's infinite queries report them. */
export interface OlderPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load older …" under a newest-first list; nothing when there is nothing older. */
export function LoadOlderButton({ pages, children, className }: { pages: OlderPages; children: string; className?: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={cn('flex justify-center', className)}>
      <Button
        variant="outline"
        isLoading={pages.isFetchingNextPage}
        loadingText="Loading..."
        leftIcon={<History className="size-4" aria-hidden="true" />}
        onClick={() => void pages.fetchNextPage()}
      >
        {children}
      </Button>
    </div>
  );
}
