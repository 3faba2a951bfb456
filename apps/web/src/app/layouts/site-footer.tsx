import { Link } from 'react-router';
import { Logo } from '@/components/logo';

const linkClasses =
  'rounded text-gray-600 hover:text-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-gray-300 dark:hover:text-blue-300 dark:focus-visible:ring-blue-400';

/*
 * Some footer entries (Help Center, Contact, Status, Security) have no page yet.
 * They are plain text marked "Soon" rather than href="#" links: a link that goes nowhere
 * misleads keyboard and screen-reader users and fails accessibility checks.
 */
function Placeholder({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-gray-600 dark:text-gray-300">
      {label}
      <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-200">
        Soon
      </span>
    </span>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <Logo />
          <p className="mt-4 max-w-sm text-sm text-gray-600 dark:text-gray-300">
            Accessibility-grade alt text for every image, written by AI in seconds — from a dashboard or a REST API.
          </p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold text-gray-900 dark:text-white">
            Product
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link to="/register" className={linkClasses}>
                Pricing
              </Link>
            </li>
            <li>
              <a href="/#demo" className={linkClasses}>
                Demo
              </a>
            </li>
            <li>
              {/* Served by the API server, outside the single-page app. */}
              <a href="/api/docs" className={linkClasses}>
                API Docs
              </a>
            </li>
            <li>
              <Link to="/integrations" className={linkClasses}>
                Integrations
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className="text-sm font-semibold text-gray-900 dark:text-white">
            Support
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {['Help Center', 'Contact', 'Status', 'Security'].map((label) => (
              <li key={label}>
                <Placeholder label={label} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-gray-200 dark:border-gray-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-gray-600 sm:px-6 lg:px-8 dark:text-gray-300">
          © {new Date().getFullYear()} Altwise. Built for an accessible web.{' '}
          <Link to="/terms" className={linkClasses}>
            Terms
          </Link>{' '}
          ·{' '}
          <Link to="/privacy" className={linkClasses}>
            Privacy
          </Link>
        </p>
      </div>
    </footer>
  );
}
