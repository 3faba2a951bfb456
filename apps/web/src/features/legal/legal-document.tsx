import type { LegalDocumentName } from '@altwise/shared';
import { QueryErrorState } from '@/components/query-error';
import { PageSpinner } from '@/components/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLegalDocument } from './api/get-legal-document';

const FALLBACK_TITLES: Record<LegalDocumentName, string> = { terms: 'Terms of Service', privacy: 'Privacy Policy' };

// The server's HTML has only Markdown's elements (see the legal module): these give it a reading layout.
const prose = [
  'text-base leading-7 text-gray-800 dark:text-gray-200',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-gray-900 dark:[&_h2]:text-white',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-900 dark:[&_h3]:text-white',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold',
  '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5',
  '[&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-blue-300',
  '[&_a:focus-visible]:rounded [&_a:focus-visible]:outline-none [&_a:focus-visible]:ring-2 [&_a:focus-visible]:ring-blue-600',
  '[&_strong]:font-semibold [&_strong]:text-gray-900 dark:[&_strong]:text-white',
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 dark:[&_code]:bg-gray-800',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-4 dark:[&_blockquote]:border-gray-700',
  '[&_table]:my-4 [&_table]:w-full [&_table]:text-sm [&_th]:border-b [&_th]:p-2 [&_th]:text-left [&_td]:border-b [&_td]:p-2',
  '[&_hr]:my-8 [&_hr]:border-gray-200 dark:[&_hr]:border-gray-800',
].join(' ');

/** Terms or Privacy as this instance's operator set them (or the defaults), in a readable column. */
export function LegalDocumentView({ document }: { document: LegalDocumentName }) {
  const query = useLegalDocument(document);
  const title = query.data?.title ?? FALLBACK_TITLES[document];
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16" aria-labelledby="legal-title">
      <h1 id="legal-title" className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">
        {title}
      </h1>
      {query.isPending && <PageSpinner label={`Loading the ${FALLBACK_TITLES[document]}…`} />}
      {query.isError && <QueryErrorState title={`The ${FALLBACK_TITLES[document]} could not be loaded`} query={query} />}
      {query.data && (
        // Sanitised by the server (an allowlist of Markdown's elements; no script, handler or foreign scheme).
        <div className={`mt-8 ${prose}`} dangerouslySetInnerHTML={{ __html: query.data.html }} />
      )}
    </article>
  );
}
