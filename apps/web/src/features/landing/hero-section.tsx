import { CheckCircle2, Clock, PiggyBank, ScanEye, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { scrollToDemo } from './scroll-to-demo';

const reassurances = ['No credit card required', '250 free images/month', 'Setup in 30 seconds'];

const claims = [
  { icon: Clock, value: '< 3 seconds', label: 'processing per image' },
  { icon: ShieldCheck, value: '99.9% uptime', label: 'reliable API' },
  { icon: PiggyBank, value: '60% cheaper', label: 'than competitors' },
  { icon: ScanEye, value: 'Vision LLM', label: 'a vision-capable large language model' },
];

function ExampleResult() {
  return (
    <figure className="relative mx-auto w-full max-w-md rounded-3xl border border-white/60 bg-white/80 p-4 shadow-2xl shadow-blue-900/10 backdrop-blur dark:border-gray-700 dark:bg-gray-900/80 dark:shadow-black/40">
      <div className="overflow-hidden rounded-2xl" aria-hidden="true">
        <svg viewBox="0 0 400 220" className="block h-auto w-full">
          <defs>
            <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#fbbf24" />
              <stop offset="0.55" stopColor="#f472b6" />
              <stop offset="1" stopColor="#6366f1" />
            </linearGradient>
          </defs>
          <rect width="400" height="220" fill="url(#sky)" />
          <circle cx="290" cy="92" r="30" fill="#fde68a" />
          <path d="M0 170 L90 80 L150 140 L220 60 L320 160 L400 110 L400 220 L0 220Z" fill="#312e81" />
          <path d="M0 200 L120 130 L200 180 L290 120 L400 190 L400 220 L0 220Z" fill="#1e1b4b" />
          <path d="M206 76 L220 60 L236 78 L226 74 L220 82 L212 74Z" fill="#f8fafc" />
        </svg>
      </div>
      <figcaption className="mt-4 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200">
            <ShieldCheck className="size-3.5" aria-hidden="true" />
            WCAG 2.2 AAA
          </span>
          <span className="rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200">
            1,240ms
          </span>
          <span className="text-xs text-gray-600 dark:text-gray-300">Example result</span>
        </div>
        <p className="rounded-xl bg-gray-50 p-3 font-mono text-sm leading-relaxed text-gray-800 dark:bg-gray-800 dark:text-gray-100">
          alt=&quot;Snow-capped mountain peak at sunset, with layered violet ridges beneath a glowing pink and amber
          sky&quot;
        </p>
      </figcaption>
    </figure>
  );
}

/** The pill above the title: what describes images on this instance, once the server said. */
function engineLine(visionModel: boolean | undefined): string {
  if (visionModel === true) return 'Powered by a vision-capable AI model';
  if (visionModel === false) return 'This instance runs without a vision model: its results are drafts';
  return 'Accessible alt text for every image';
}

export function HeroSection({ visionModel }: { visionModel?: boolean }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-blue-50 via-white to-violet-100 dark:from-gray-950 dark:via-gray-950 dark:to-indigo-950"
    >
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 -left-40 size-[32rem] rounded-full bg-blue-300/30 blur-3xl dark:bg-blue-700/20" />
      <div aria-hidden="true" className="pointer-events-none absolute -right-32 bottom-0 size-[28rem] rounded-full bg-violet-300/30 blur-3xl dark:bg-violet-700/20" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-14 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-blue-200 bg-white/70 px-3 py-1 text-sm font-medium text-blue-800 dark:border-blue-900 dark:bg-gray-900/70 dark:text-blue-200">
            <Sparkles className="size-4" aria-hidden="true" />
            <span data-testid="engine-line">{engineLine(visionModel)}</span>
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl lg:text-6xl dark:text-white">
            Alt text that makes{' '}
            <span className="bg-gradient-to-r from-blue-700 to-violet-700 bg-clip-text text-transparent dark:from-blue-300 dark:to-violet-300">
              every image accessible
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-gray-700 dark:text-gray-300">
            Altwise writes accessibility-grade, WCAG 2.2 AAA compliant image descriptions in under 3 seconds — from your
            dashboard or a simple REST API.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/register" className={buttonClasses({ variant: 'gradient', size: 'lg' })}>
              Start Free Trial
            </Link>
            <a href="#demo" onClick={scrollToDemo} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              Try Demo
            </a>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-gray-700 dark:text-gray-300">
            {reassurances.map((line) => (
              <li key={line} className="flex items-center gap-1.5">
                <CheckCircle2 className="size-4 text-green-700 dark:text-green-400" aria-hidden="true" />
                {line}
              </li>
            ))}
          </ul>
        </div>
        <ExampleResult />
      </div>
      <div className="relative border-t border-gray-200/70 bg-white/60 backdrop-blur dark:border-gray-800 dark:bg-gray-900/50">
        <ul aria-label="Why teams choose Altwise" className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 sm:px-6 lg:grid-cols-4 lg:px-8">
          {claims.map(({ icon: Icon, value, label }) => (
            <li key={value} className="flex items-center gap-3">
              <span className="rounded-xl bg-blue-100 p-2.5 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <p>
                <span className="block text-lg font-bold text-gray-900 dark:text-white">{value}</span>
                <span className="block text-sm text-gray-600 dark:text-gray-300">{label}</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
