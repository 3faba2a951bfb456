import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-300">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">Page not found</h1>
      <p className="mt-4 text-gray-600 dark:text-gray-300">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses({ variant: 'primary' })}>
          Back to home
        </Link>
        <Link to="/app/dashboard" className={buttonClasses({ variant: 'outline' })}>
          Go to dashboard
        </Link>
      </div>
    </section>
  );
}
