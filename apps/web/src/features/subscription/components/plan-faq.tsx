import { ChevronDown } from 'lucide-react';
import { Card } from '@/components/card';

const FAQ = [
  {
    question: 'Can I change my plan at any time?',
    answer: 'Yes. You can upgrade or downgrade whenever you like, and the change takes effect immediately.',
  },
  {
    question: 'What happens if I exceed my limits?',
    answer:
      'Requests beyond your hourly or daily limit are throttled until the limit resets; nothing is charged extra. Upgrade for higher limits.',
  },
  {
    question: 'Is there a free plan, and can I get a refund?',
    answer: 'The Free plan is always available. Paid plans carry a 7-day money-back guarantee.',
  },
  {
    question: 'Do you offer Enterprise solutions?',
    answer: 'Yes. Contact our sales team for custom pricing, custom rate limits and on-premise deployments.',
  },
];

/** Four questions as native disclosures (details/summary): keyboard and screen-reader ready. */
export function PlanFaq() {
  return (
    <section aria-labelledby="plan-faq-title">
      <h2 id="plan-faq-title" className="text-xl font-bold text-gray-900 dark:text-white">
        Frequently Asked Questions
      </h2>
      <Card padded={false} className="mt-4 divide-y divide-gray-200 dark:divide-gray-800">
        {FAQ.map(({ question, answer }) => (
          <details key={question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-6 py-4 text-left font-medium text-gray-900 hover:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-inset dark:text-white dark:hover:bg-gray-800/60 dark:focus-visible:ring-blue-400 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown
                className="size-5 shrink-0 text-gray-600 transition-transform group-open:rotate-180 dark:text-gray-300"
                aria-hidden="true"
              />
            </summary>
            <p className="px-6 pb-5 text-sm text-gray-600 dark:text-gray-300">{answer}</p>
          </details>
        ))}
      </Card>
    </section>
  );
}
