import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { RedirectIfAuthenticated } from '../guards';

const points = [
  'Alt text in under 3 seconds',
  'WCAG 2.2 AAA compliant descriptions',
  '250 free images every month',
  'A real-time REST API for your stack',
];

/** Login and register: a brand panel beside the form; signed-in users skip straight to the app. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-screen bg-gray-50 dark:bg-gray-950">
      <aside
        aria-label="Why Altwise"
        className="relative hidden w-[42%] overflow-hidden bg-gradient-to-br from-blue-800 via-indigo-800 to-violet-900 p-12 text-white lg:flex lg:flex-col"
      >
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-96 rounded-full bg-violet-400/20 blur-3xl" />
        <Link
          to="/"
          className="relative w-fit rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white [&_span]:text-white"
        >
          <Logo />
          <span className="sr-only"> home</span>
        </Link>
        <div className="relative mt-auto mb-auto max-w-md">
          <p className="text-3xl leading-tight font-bold">Make every image on your site speak.</p>
          <p className="mt-4 text-lg text-blue-100">
            Altwise writes accessibility-grade alt text with a vision-capable AI model — so everyone can understand your
            content.
          </p>
          <ul className="mt-8 space-y-3">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-3 text-blue-50">
                <CheckCircle2 className="size-5 shrink-0 text-emerald-300" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-blue-100">Trusted by developers who care about accessibility.</p>
      </aside>
      <div className="flex flex-1 flex-col">
        <header className="flex items-center justify-between px-6 py-5">
          <Link
            to="/"
            className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 lg:invisible dark:focus-visible:ring-blue-400"
          >
            <Logo />
            <span className="sr-only"> home</span>
          </Link>
          <ThemeToggle />
        </header>
        <main id="main" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 pb-16 sm:items-center sm:px-6">
          <div className="w-full max-w-md">
            <RedirectIfAuthenticated />
          </div>
        </main>
      </div>
    </div>
  );
}
