import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Checkbox } from '@/components/checkbox';
import { InlineAlert } from '@/components/inline-alert';
import { PageHeader } from '@/components/page-header';
import { TextField } from '@/components/text-field';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateAudit } from './api/create-audit';
import { AuditHistory } from './components/audit-history';
import { AuditResults } from './components/audit-results';

function urlError(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return 'Page URL is required';
  if (!/^https?:\/\//i.test(trimmed) || !URL.canParse(trimmed)) return 'Page URL must be an http or https address';
  return undefined;
}

export default function AuditPage() {
  useDocumentTitle('Audit a page');
  const [url, setUrl] = useState('');
  const [suggest, setSuggest] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const audit = useCreateAudit();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = urlError(url);
    setError(problem);
    if (!problem) audit.mutate({ url, suggest });
  };

  const done = audit.data;
  return (
    <>
      <PageHeader title="Audit a page" description="List every image on a web page, see which ones need alt text, and get suggestions." />
      <Card>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField label="Page URL" type="url" inputMode="url" placeholder="https://example.com/blog/post" value={url} onChange={(event) => setUrl(event.target.value)} error={error} />
          <Checkbox
            label="Suggest alt text for missing and poor images"
            description="Each suggestion counts as one generation against your plan's limits."
            checked={suggest}
            onChange={(event) => setSuggest(event.target.checked)}
          />
          <Button type="submit" isLoading={audit.isPending} loadingText="Auditing…">
            Audit page
          </Button>
        </form>
        <div role="status" aria-live="polite" className="mt-4 text-sm text-gray-700 dark:text-gray-300">
          {audit.isPending
            ? suggest
              ? 'Fetching the page and describing its images…'
              : 'Fetching the page and checking its images…'
            : done
              ? `Audit complete: ${done.summary.images} images, ${done.summary.missing} missing alt text${done.summary.broken > 0 ? `, ${done.summary.broken} broken` : ''}${done.summary.notAudited > 0 ? `, ${done.summary.notAudited} not audited` : ''}.`
              : ''}
        </div>
        {audit.error && (
          <InlineAlert tone="error" role="alert" className="mt-4" title="The page could not be audited">
            {audit.error.message}
          </InlineAlert>
        )}
      </Card>
      {done && <AuditResults key={done.id} audit={done} />}
      <AuditHistory />
    </>
  );
}
