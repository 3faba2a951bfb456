import { useDocumentTitle } from '@/lib/use-document-title';

/** The three integrations that ship with Altwise, each with its first step; their READMEs have the rest. */
const INTEGRATIONS = [
  {
    id: 'cli',
    title: 'Command line: altwise',
    text: 'Describes images, checks alt text, audits pages, fills missing alt attributes in HTML, Markdown, JSX, Vue and Astro files, and lints them offline in code review.',
    steps: ['npm run pack:packages   # in an Altwise checkout: builds the package file', 'npm install --save-dev ./altwise-cli-<version>.tgz', 'npx altwise lint "src/**/*.{html,md,jsx,tsx}"'],
    more: 'packages/cli/README.md',
  },
  {
    id: 'github-action',
    title: 'GitHub Action',
    text: 'Lints the lines a pull request changes, as annotations or code scanning (SARIF), and with an API key suggests alt text as review comments.',
    steps: ['uses: <owner>/<repo>/integrations/github-action@main', 'with: { altwise-api-key: "${{ secrets.ALTWISE_API_KEY }}", altwise-url: "<this server>" }'],
    more: 'integrations/github-action/README.md',
  },
  {
    id: 'wordpress',
    title: 'WordPress plugin',
    text: 'Suggests alt text for new uploads, backfills the Media Library, and lets editors accept, edit or reject each suggestion in a review queue.',
    steps: ['npm run wordpress:zip   # in an Altwise checkout: builds altwise.zip', 'wp-admin → Plugins → Add New → Upload Plugin → altwise.zip → Activate', 'Settings → Altwise: this server’s URL and an API key'],
    more: 'integrations/wordpress/README.md',
  },
] as const;

export default function IntegrationsPage() {
  useDocumentTitle('Integrations');
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16" aria-labelledby="integrations-title">
      <h1 id="integrations-title" className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">
        Integrations
      </h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">
        Altwise where your images live. Each one uses an API key from this server (Dashboard → API Keys).
      </p>
      {INTEGRATIONS.map(({ id, title, text, steps, more }) => (
        <section key={id} id={id} aria-labelledby={`${id}-title`} className="mt-10">
          <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900 dark:text-white">
            {title}
          </h2>
          <p className="mt-2 text-gray-700 dark:text-gray-300">{text}</p>
          {/* A long line scrolls sideways: a named region that takes focus, so the keyboard reaches it too. */}
          <pre
            role="region"
            aria-label={`${title}: first steps`}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1, axe scrollable-region-focusable)
            tabIndex={0}
            className="mt-3 overflow-x-auto rounded-lg bg-gray-100 p-4 text-sm text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:bg-gray-800 dark:text-gray-100 dark:focus-visible:ring-blue-400"
          >
            <code>{steps.join('\n')}</code>
          </pre>
          <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">
            The rest is in <code>{more}</code> of the Altwise repository.
          </p>
        </section>
      ))}
    </article>
  );
}
