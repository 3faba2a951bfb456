import type { AltTextIssue } from '@altwise/shared';
import type { DescribeOptions, NormalisedDescribeOptions } from './cache-key';
import { cacheKey, normaliseDescribeOptions } from './cache-key';
import type { AltTextDescription, Described } from './description';
import { NO_CACHE } from './description';
import { DEFAULT_MAX_BYTES } from './fetch/image-fetcher';
import { MAX_INPUT_PIXELS } from './image/image-decoder';
import type { ImageSource, LoadedImage, RawImage } from './image/image-loader';
import { loadImage, readImage } from './image/image-loader';
import { ocrLanguageFor } from './ocr/ocr-languages';
import type { OcrCopy } from './ocr/text-reader';
import { OcrUnavailableError, sharedTextReader } from './ocr/text-reader';
import type { ProviderConfig } from './providers/provider-factory';
import { createProvider } from './providers/provider-factory';
import type { TokenUsage, VisionInput, VisionProvider } from './providers/vision-provider';
import { addUsage } from './providers/vision-provider';
import type { AltTextEngine, AltTextEngineOptions, DescribeCall } from './alt-text-engine.types';
import type { CheckedAnswer } from './self-repair';
import { checkedAnswer, withOneRepair } from './self-repair';
import type { PreparedRequest } from './batch-request';
import { parseBatchAnswer, requestOf } from './batch-request';
import { DRAFT_WARNING, verificationOf, withVerification } from './verification';
import type { MadeReading } from './verify/verified-description';
import { VERIFY_NEEDS_MODEL, combineReadings } from './verify/verified-description';

export type { AltTextEngine, AltTextEngineOptions, DescribeCall } from './alt-text-engine.types';

const OFFLINE_LANGUAGE_WARNING: AltTextIssue = Object.freeze({
  id: 'language-not-supported',
  severity: 'warning',
  message: 'The offline describer writes English only; use a vision model for other languages.',
});

/** OCR did not read the image: the answer may miss its text, so it is shown with this and never cached. */
const OCR_UNAVAILABLE_WARNING: AltTextIssue = Object.freeze({
  id: 'ocr-unavailable',
  severity: 'warning',
  message:
    'The text in this image could not be read this time (OCR was busy or gave up): check that the alt text covers it, or generate again.',
});

/** What the provider is asked, and whether OCR's read of the image is missing from it. */
interface PreparedInput {
  readonly input: VisionInput;
  readonly ocrMissing: boolean;
}

function isProvider(value: VisionProvider | ProviderConfig): value is VisionProvider {
  return typeof (value as VisionProvider).describe === 'function';
}

/**
 * The engine's one entry point. A generation comes in and goes out once: reading, keying, the
 * cache, loading and describing are stages inside it, so no caller runs them in turn.
 */
export function createAltTextEngine(options: AltTextEngineOptions): AltTextEngine {
  const provider = isProvider(options.provider)
    ? options.provider
    : createProvider(options.provider, options.providerDependencies);
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
  const fetchOptions = { ...options.fetch, maxPixels, preparation: provider.preparation };
  const engineMaxBytes = options.fetch?.maxBytes ?? DEFAULT_MAX_BYTES;
  const ocr = options.ocr === false ? undefined : (options.ocr ?? sharedTextReader());
  const cache = options.cache ?? NO_CACHE;
  const queue = options.queue ?? ((task) => task());
  const readers = [provider, ...(options.verifyProviders ?? [])];
  // A verified answer depends on every reader: changing VERIFY_PROVIDERS must not return the old one.
  const readersKey = readers.length > 1 ? readers.map((reader) => `${reader.name}/${reader.model}`) : undefined;
  // Concurrent generations of the same uncached image share one model call (batches with repeats).
  const inFlight = new Map<string, Promise<AltTextDescription>>();

  /** What the provider is asked about an image this engine loaded (prepared for its provider by the load). */
  async function inputOf(
    image: LoadedImage,
    ocrCopy: Promise<OcrCopy | undefined> | undefined,
    options: NormalisedDescribeOptions,
    signal?: AbortSignal,
  ): Promise<PreparedInput> {
    const { context, language, maxLength, purpose } = options;
    let ocrMissing = false;
    // An image that loaded but that OCR could not look at was not read: that is no "no text" either.
    const copy = await ocrCopy?.catch(() => {
      ocrMissing = true;
      return undefined;
    });
    // "No text" is an answer; a read that did not happen is not, and must not pass for one.
    const textFound =
      copy &&
      (await ocr?.read(copy, ocrLanguageFor(language)).catch((error: unknown) => {
        if (!(error instanceof OcrUnavailableError)) throw error;
        ocrMissing = true;
        return undefined;
      }));
    signal?.throwIfAborted();
    const input: VisionInput = {
      // Prepared for this provider by the load (its one decode): nothing is decoded again.
      image: image.prepared,
      // Only the facts: the loaded image also holds the source URL, which no provider may see.
      original: {
        type: image.type,
        width: image.width,
        height: image.height,
        animated: image.animated,
        hasAlpha: image.hasAlpha,
      },
      context,
      language,
      maxLength,
      fileName: image.fileName,
      metadata: image.metadata,
      textFound: textFound && {
        text: textFound.text,
        confidence: textFound.confidence,
        gapped: textFound.gapped,
        uncertain: textFound.uncertain,
      },
      purpose,
      style: {
        trailingPeriod: options.trailingPeriod,
        keywords: options.keywords,
        instructions: options.instructions,
      },
    };
    return { input, ocrMissing };
  }

  /** The checked answer as a description: who wrote it, the draft warnings, the tokens it cost. */
  function finished(best: CheckedAnswer, tries: number, usage: TokenUsage | undefined, language: string, by: Pick<VisionProvider, 'name' | 'model'> = provider): AltTextDescription {
    const verification = verificationOf(by.name);
    const issues = [...best.issues];
    if (verification === 'draft') {
      issues.push({ ...DRAFT_WARNING });
      if (!/^en\b/i.test(language)) issues.push({ ...OFFLINE_LANGUAGE_WARNING });
    }
    issues.push(...best.notes);
    return withVerification({
      ...best.description,
      // A model answer reads the pixels: OCR's doubts about the text are not its own.
      uncertainText: verification === 'draft' ? best.description.uncertainText : undefined,
      wcagCompliant: best.wcagCompliant,
      verification,
      issues,
      provider: by.name,
      model: by.model,
      tries,
      usage,
    });
  }

  /** One reading: provider → sanitise → check, with its one repair try. */
  async function readOnce(input: VisionInput, options: NormalisedDescribeOptions, signal?: AbortSignal, sample?: number, by: VisionProvider = provider): Promise<MadeReading> {
    let usage: TokenUsage | undefined;
    const asked = sample === undefined ? input : { ...input, sample };
    const answer = async (feedback?: VisionInput['feedback']) => {
      // The queue holds each call to the provider, and nothing around it: OCR's read, the checks and
      // the decision to repair happen outside, so a slot is free as soon as the provider has answered.
      const output = await queue(() => by.describe(feedback ? { ...asked, feedback } : asked, signal));
      if (output.usage) usage = addUsage(usage, output.usage);
      return checkedAnswer(output, options);
    };
    const { answer: best, tries } = await withOneRepair(answer, by.name !== 'offline', signal);
    return { best, tries, usage, by: { name: by.name, model: by.model } };
  }

  /**
   * Verified alt text (issue 36): `samples` readings in parallel (same prompt, purpose and
   * language; sampling varied, model-request.ts), compared claim by claim (verify/). The answer is
   * the best-supported reading; what the readings contradict each other on is `uncertain`, and
   * keeps the result from counting as WCAG compliant until a person reviews it. Every reading's
   * tokens are in `usage`. The offline describer reads once and says verification needs a model.
   */
  async function verified(input: VisionInput, options: NormalisedDescribeOptions, samples: number, signal?: AbortSignal): Promise<AltTextDescription> {
    if (provider.name === 'offline') {
      const { best, tries, usage } = await readOnce(input, options, signal);
      const draft = finished(best, tries, usage, options.language);
      return { ...draft, issues: [...draft.issues, { ...VERIFY_NEEDS_MODEL }] };
    }
    // Reading n by the (n mod k)th reader: 3 readings over two providers are 2 from the main, 1 from the second.
    const readings = await Promise.all(Array.from({ length: samples }, (_, sample) => readOnce(input, options, signal, sample, readers[sample % readers.length])));
    return combineReadings(readings, options.language, input.textFound?.text, (reading, tries, usage) => finished(reading.best, tries, usage, options.language, reading.by));
  }

  /** Provider → sanitise → check, for an image this engine loaded (and so prepared for its provider). */
  async function describeLoaded(
    image: LoadedImage,
    ocrCopy: Promise<OcrCopy | undefined> | undefined,
    describeOptions: DescribeOptions,
    signal?: AbortSignal,
  ): Promise<{ description: AltTextDescription; ocrMissing: boolean }> {
    const options = normaliseDescribeOptions(describeOptions);
    const { input, ocrMissing } = await inputOf(image, ocrCopy, options, signal);

    const description = options.samples ? await verified(input, options, options.samples, signal) : await readOnce(input, options, signal).then(({ best, tries, usage }) => finished(best, tries, usage, options.language));
    if (!ocrMissing) return { description, ocrMissing };
    return { ocrMissing, description: { ...description, issues: [...description.issues, { ...OCR_UNAVAILABLE_WARNING }] } };
  }

  /**
   * OCR's look at an image, started beside its load, tried once more after a failure (one failed
   * under load in CI, cause unknown). Failing twice is a missing read for the describe that awaits
   * it; an image that does not load fails in the load, and its glance is nobody's concern.
   */
  function glance(bytes: Uint8Array): Promise<OcrCopy | undefined> | undefined {
    const copy = ocr?.glance(bytes, maxPixels).catch(() => ocr.glance(bytes, maxPixels));
    copy?.catch(() => undefined);
    return copy;
  }

  /** A miss: load the bytes already read (never fetched again), describe, save. */
  async function fresh(key: string, raw: RawImage, describeOptions: DescribeOptions, signal?: AbortSignal, scope?: string) {
    // OCR's look at the image (a decode of its own) runs beside the load's decode instead of
    // after it: on a 1600 px photo, 15 + 15 ms in turn, 20 ms side by side.
    const ocrCopy = glance(raw.bytes);
    const image = await loadImage({ raw }, fetchOptions, signal);
    const { description, ocrMissing } = await describeLoaded(image, ocrCopy, describeOptions, signal);
    // Nothing is cached from a missing read: the next request reads the image again.
    if (!ocrMissing) await cache.save(key, description, scope);
    return description;
  }

  return Object.freeze({
    async prepareRequest(source: ImageSource, describeOptions: DescribeOptions = {}, call: Pick<DescribeCall, 'maxBytes' | 'signal' | 'cacheScope'> = {}): Promise<PreparedRequest> {
      const maxBytes = Math.min(call.maxBytes ?? engineMaxBytes, engineMaxBytes);
      const raw = await readImage(source, { ...fetchOptions, maxBytes }, call.signal);
      // The key `describe` would use for these bytes and options: the answer is saved under it.
      const unscoped = cacheKey({ sha256: raw.sha256, fileName: raw.fileName, provider: provider.name, model: provider.model, ...describeOptions });
      const key = call.cacheScope === undefined ? unscoped : `${call.cacheScope}:${unscoped}`;
      const ocrCopy = glance(raw.bytes);
      const image = await loadImage({ raw }, fetchOptions, call.signal);
      const { input, ocrMissing } = await inputOf(image, ocrCopy, normaliseDescribeOptions(describeOptions), call.signal);
      // Without a key the batch answer is not remembered: it was written without OCR's read.
      return { ...(await requestOf(provider, input, raw.sha256)), cacheKey: ocrMissing ? undefined : key, ...(input.textFound && { ocrText: input.textFound.text }) };
    },

    async rememberAnswer(key: string, description: AltTextDescription, scope?: string): Promise<void> {
      await cache.save(key, description, scope);
    },

    finishAnswer(answer: unknown, describeOptions: DescribeOptions = {}, usage?: TokenUsage): AltTextDescription {
      const options = normaliseDescribeOptions(describeOptions);
      return finished(checkedAnswer(parseBatchAnswer(answer, usage), options), 1, usage, options.language);
    },

    finishReadings(answers: ReadonlyArray<{ readonly answer: unknown; readonly usage?: TokenUsage }>, describeOptions: DescribeOptions = {}, ocrText?: string): AltTextDescription {
      const options = normaliseDescribeOptions(describeOptions);
      const readings = answers.map(({ answer, usage }): MadeReading => ({ best: checkedAnswer(parseBatchAnswer(answer, usage), options), tries: 1, usage }));
      return combineReadings(readings, options.language, ocrText, (reading, tries, usage) => finished(reading.best, tries, usage, options.language));
    },

    /**
     * URLs and uploads alike are keyed before any decoding: a hit ends after the read. Skipping
     * the decode on a hit is safe because an entry exists only for bytes that were fully loaded
     * (pixel limit, decode) and described before, and identical bytes (same SHA-256) pass or fail
     * those checks identically.
     */
    async describe(source: ImageSource, describeOptions: DescribeOptions = {}, call: DescribeCall = {}): Promise<Described> {
      const maxBytes = Math.min(call.maxBytes ?? engineMaxBytes, engineMaxBytes);
      const raw = await readImage(source, { ...fetchOptions, maxBytes }, call.signal);
      const unscoped = cacheKey({ sha256: raw.sha256, fileName: raw.fileName, provider: provider.name, model: provider.model, readers: readersKey, ...describeOptions });
      const scope = call.cacheScope;
      const key = scope === undefined ? unscoped : `${scope}:${unscoped}`;
      if (!call.regenerate) {
        const hit = await cache.find(key, scope);
        // A hit called no model: the tokens its first description cost are not this call's.
        if (hit) return { ...withVerification(hit), usage: undefined, cached: true, sha256: raw.sha256 };
        const pending = inFlight.get(key);
        // Joined another caller's model call: its tokens are counted once, there.
        if (pending) return { ...(await pending), usage: undefined, cached: false, sha256: raw.sha256 };
      }
      const work = fresh(key, raw, describeOptions, call.signal, scope);
      inFlight.set(key, work);
      try {
        return { ...(await work), cached: false, sha256: raw.sha256 };
      } finally {
        if (inFlight.get(key) === work) inFlight.delete(key);
      }
    },
  });
}
