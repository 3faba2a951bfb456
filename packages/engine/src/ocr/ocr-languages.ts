import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Tesseract language data shipped through npm (`@tesseract.js-data/*`). Read from
 * node_modules only: tesseract.js would otherwise download it from a CDN at run time.
 * Keys are tesseract codes; BCP-47 primary subtags map to them below.
 */
export const OCR_LANGUAGE_PACKAGES = {
  eng: '@tesseract.js-data/eng',
  fra: '@tesseract.js-data/fra',
} as const;
export type OcrLanguage = keyof typeof OCR_LANGUAGE_PACKAGES;

const BY_PRIMARY_SUBTAG: Record<string, OcrLanguage> = { en: 'eng', fr: 'fra' };

/**
 * The model that reads an image for a request in `language`: the request's language when we
 * ship it (the French model also reads English words and digits), else English.
 * One model per worker: tesseract.js 7 takes a single `langPath`, and each language lives in
 * its own package directory.
 */
export function ocrLanguageFor(language: string): OcrLanguage {
  return BY_PRIMARY_SUBTAG[language.toLowerCase().split('-')[0] ?? ''] ?? 'eng';
}

/** The LSTM-only, integer-quantised model: the smaller download and the faster to load. */
export function languageDataDirectory(language: OcrLanguage): string {
  return path.join(
    path.dirname(require.resolve(`${OCR_LANGUAGE_PACKAGES[language]}/package.json`)),
    '4.0.0_best_int',
  );
}

/** The worker script and the WebAssembly core, both inside node_modules. */
export function tesseractPaths(): { workerPath: string; corePath: string } {
  return {
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
    corePath: path.dirname(require.resolve('tesseract.js-core/package.json')),
  };
}
