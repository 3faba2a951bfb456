import { Link } from 'react-router';

export function CtaSection() {
  return (
    <section aria-labelledby="cta-title" className="bg-white px-4 pb-20 sm:px-6 lg:px-8 dark:bg-gray-950">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-r from-blue-800 to-violet-800 px-8 py-14 text-center shadow-xl">
        <div aria-hidden="true" className="absolute -top-20 -right-20 size-72 rounded-full bg-white/10 blur-2xl" />
        <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight text-white">
          Make every image on your site accessible
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-blue-100">
          Join developers shipping WCAG-ready alt text with a single API call. 250 free images every month.
        </p>
        <Link
          to="/register"
          className="relative mt-8 inline-flex h-12 items-center justify-center rounded-lg bg-white px-6 text-base font-semibold text-blue-800 shadow-sm hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-blue-800"
        >
          Start Free Trial
        </Link>
      </div>
    </section>
  );
}
