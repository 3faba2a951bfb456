import { Layers, ShieldCheck, Sparkles, Zap } from 'lucide-react';

const features = [
  {
    icon: Sparkles,
    title: 'AI-Powered Generation',
    text: 'A vision-capable large language model reads each image and writes a concise description of its content and purpose.',
    tone: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300',
  },
  {
    icon: ShieldCheck,
    title: 'WCAG 2.2 AAA Compliant',
    text: 'Every description is checked against WCAG guidance: no "image of", no file names, visible text included.',
    tone: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300',
  },
  {
    icon: Zap,
    title: 'Fast Processing',
    text: 'Results in under 3 seconds, cached by image so repeated images come back instantly.',
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  },
  {
    icon: Layers,
    title: 'Batch Processing',
    text: 'Describe a whole gallery in one call with the batch API, with per-image results and errors.',
    tone: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300',
  },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 bg-gray-50 py-20 sm:py-24 dark:bg-gray-900">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-300">Features</p>
          <h2 id="features-title" className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">
            Everything you need for accessible images
          </h2>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ icon: Icon, title, text, tone }) => (
            <li
              key={title}
              className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md dark:border-gray-800 dark:bg-gray-950"
            >
              <span className={`inline-flex rounded-xl p-3 ${tone}`}>
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-gray-900 dark:text-white">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-gray-600 dark:text-gray-300">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
