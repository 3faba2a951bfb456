import type { ApiKey } from '@altwise/shared';
import { KeyRound, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { Card, CardHeader } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateApiKey } from '@/lib/api/create-api-key';
import { useDeleteApiKey } from './api/delete-api-key';
import { useApiKeys } from '@/lib/api/list-api-keys';
import { ApiKeyCard } from './components/api-key-card';
import { CurlExamples } from './components/curl-examples';
import { CreateApiKeyModal } from './components/create-api-key-modal';
import { DeleteApiKeyModal } from './components/delete-api-key-modal';
import { SecurityTips } from './components/security-tips';

export default function ApiKeysPage() {
  useDocumentTitle('API Keys');
  const user = useAuthStore((state) => state.user);
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const remove = useDeleteApiKey();
  const [pendingDelete, setPendingDelete] = useState<ApiKey | null>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const [focusList, setFocusList] = useState(false);
  // The create dialog: open, its server error, and a fresh form each time it opens.
  const [createOpen, setCreateOpen] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [createForm, setCreateForm] = useState(0);
  // The key just created, whose heading takes focus when the dialog closes.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const createdHeadingRef = useRef<HTMLHeadingElement>(null);

  // After a deletion the card (and the button that opened the dialog) is gone: focus the list
  // heading. A parent effect runs after the dialog's own clean-up, which tries the old opener.
  useEffect(() => {
    if (!focusList || pendingDelete) return;
    listHeadingRef.current?.focus();
    setFocusList(false);
  }, [focusList, pendingDelete]);

  // The server lists oldest first (the generate screen uses the oldest active key); people look
  // for the key they just made, so the screen shows the newest first.
  const list = [...(keys.data ?? [])].reverse();
  const firstActive = keys.data?.find((key) => key.status === 'active');

  const openCreate = () => {
    setCreateError(null);
    setCreateForm((form) => form + 1);
    setCreateOpen(true);
  };

  const onCreate = async (name: string) => {
    if (!user) return;
    setCreateError(null);
    try {
      // Resolves once the list has been refetched, so the new key's card is on the page when
      // the dialog closes and hands focus to it.
      const created = await create.mutateAsync({ userId: user.userId, plan: user.plan, name });
      setCreatedId(created.id);
      setCreateOpen(false);
      toast.success('New API key created successfully!');
    } catch (error) {
      setCreateError(errorMessage(error));
    }
  };

  const onConfirmDelete = async (apiKey: ApiKey) => {
    try {
      await remove.mutateAsync(apiKey.id);
      setPendingDelete(null);
      setFocusList(true);
      toast.success('API key deleted');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const createButton = (
    <Button
      variant="gradient"
      isLoading={create.isPending}
      loadingText="Creating..."
      leftIcon={<Plus className="size-4" aria-hidden="true" />}
      onClick={openCreate}
    >
      Create New Key
    </Button>
  );

  return (
    <>
      <PageHeader
        title="API Keys"
        description="Create and manage the keys your apps use to call the Altwise API."
        actions={keys.isSuccess && list.length === 0 ? undefined : createButton}
      />

      <section aria-labelledby="keys-title">
        <h2 ref={listHeadingRef} id="keys-title" tabIndex={-1} className="text-xl font-semibold text-gray-900 dark:text-white">
          Your API keys
        </h2>
        <div className="mt-4">
          {keys.isPending ? (
            <div className="flex justify-center py-12 text-blue-700 dark:text-blue-300">
              <Spinner className="size-6" label="Loading API keys…" />
            </div>
          ) : keys.isError ? (
            <QueryErrorAlert title="Your API keys could not be loaded" query={keys} />
          ) : list.length === 0 ? (
            <EmptyState
              icon={KeyRound}
              title="No API keys yet"
              description="Create a key to call the API from your own apps. The generate screen creates one for you on first use, too."
              action={createButton}
            />
          ) : (
            <ul className="space-y-4">
              {list.map((apiKey) => (
                <li key={apiKey.id}>
                  <ApiKeyCard
                    apiKey={apiKey}
                    onDelete={(target) => setPendingDelete(target)}
                    headingRef={apiKey.id === createdId ? createdHeadingRef : undefined}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      {/* minmax(0, 1fr) columns: a wide curl line scrolls inside its box instead of widening the page. */}
      <div className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-5">
        <Card className="min-w-0 lg:col-span-3">
          <CardHeader title="Quick start" description="Call the API from your terminal or server with your key." />
          {firstActive ? (
            <CurlExamples apiKey={firstActive} />
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-300">
              Create a key and ready-to-run examples with your key appear here.
            </p>
          )}
        </Card>
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader title="Security best practices" />
          <SecurityTips />
        </Card>
      </div>

      <CreateApiKeyModal
        key={createForm}
        open={createOpen}
        isCreating={create.isPending}
        error={createError}
        createdRef={createdHeadingRef}
        onCancel={() => setCreateOpen(false)}
        onCreate={(name) => void onCreate(name)}
      />

      <DeleteApiKeyModal
        apiKey={pendingDelete}
        isDeleting={remove.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={(apiKey) => void onConfirmDelete(apiKey)}
      />
    </>
  );
}
