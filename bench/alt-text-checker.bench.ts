/**
 * Alt-text checker benchmark, run by bench/run.ts (or alone: node --import tsx
 * bench/alt-text-checker.bench.ts). No server: the checker against the labelled corpus
 * (packages/engine/test/fixtures/alt-text-corpus.json), its agreement with the labels, and what
 * one check costs with every language's lists (no language given), the slowest case.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { checkAltText } from '../packages/engine/src/quality/quality-checker';
import { loadCorpus, measureAgreement } from '../packages/engine/test/alt-text-corpus';
import type { BenchRow } from './support/stats';
import { percentile } from './support/stats';

const ROUNDS = 20;
const AGREEMENT_TARGET = 98;
const CHECK_TARGET_MS = 1;

export function benchAltTextChecker(): BenchRow[] {
  const corpus = loadCorpus();
  const agreement = measureAgreement(corpus);
  // Issue 34's classes on their own: template text, stand-in phrases and credit lines in 15
  // languages, and the good alts that look like them (a false alarm there counts against it).
  const textClasses = new Set(['template', 'placeholder-phrase', 'credit', 'good-lookalike']);
  const templates = measureAgreement(corpus.filter((item) => textClasses.has(item.class)));
  const falseAlarms = measureAgreement(corpus.filter((item) => item.expected === 'pass')).disagreements.length;

  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const item of corpus) {
      const started = performance.now();
      checkAltText({ altText: item.altText, isDecorative: item.isDecorative, purpose: item.purpose });
      times.push(performance.now() - started);
    }
  }
  const p95 = percentile(times, 95);

  return [
    {
      name: `alt-text checker agreement with ${agreement.total} labelled alts (15 languages)`,
      measured: Number(agreement.percent.toFixed(1)),
      target: `≥ ${AGREEMENT_TARGET} %`,
      pass: agreement.percent >= AGREEMENT_TARGET,
      unit: '%',
    },
    {
      name: `template, placeholder and credit text, ${templates.total} labelled alts in 15 languages (good look-alikes included)`,
      measured: Number(templates.percent.toFixed(1)),
      target: `≥ ${AGREEMENT_TARGET} %`,
      pass: templates.percent >= AGREEMENT_TARGET,
      unit: '%',
    },
    {
      name: 'false alarms on the corpus’s good alts',
      measured: falseAlarms,
      target: '0',
      pass: falseAlarms === 0,
      unit: 'alts',
    },
    {
      name: 'alt-text check, every language’s lists, p95',
      measured: Number(p95.toFixed(3)),
      target: `< ${CHECK_TARGET_MS} ms`,
      pass: p95 < CHECK_TARGET_MS,
      unit: 'ms',
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(benchAltTextChecker());
}
