import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';

const sectionLinks = [
  { href: '/#features', label: 'Features' },
  { href: '/#demo', label: 'Demo' },
  { href: '/#pricing', label: 'Pricing' },
];

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200/80 bg-white/85 backdrop-blur dark:border-gray-800 dark:bg-gray-950/85">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:focus-visible:ring-blue-400"
        >
          <Logo compactOnMobile />
          <span className="sr-only"> home</span>
        </Link>
        <ul className="hidden items-center gap-8 text-sm font-medium md:flex">
          {sectionLinks.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className="rounded text-gray-700 hover:text-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-gray-200 dark:hover:text-blue-300 dark:focus-visible:ring-blue-400"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2 sm:gap-3">
          <ThemeToggle />
          <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            Sign In
          </Link>
          <Link to="/register" className={buttonClasses({ variant: 'primary', size: 'sm' })}>
            Get Started
          </Link>
        </div>
      </nav>
    </header>
  );
}
