import type { PreparedRequest } from '@altwise/engine';

/** One prepared alt-text request, as the engine hands it to a batch client (the batch suites' line). */
export const BATCH_TEST_REQUEST: PreparedRequest = {
  sha256: 'ab'.repeat(32),
  provider: 'openai',
  model: 'gpt-4o-mini',
  system: 'Write alt text.',
  user: 'Language: English.',
  image: { base64: Buffer.from('png').toString('base64'), mediaType: 'image/png' },
  schema: { type: 'object', properties: { altText: { type: 'string' } }, required: ['altText'], additionalProperties: false },
  schemaName: 'alt_text',
  schemaDialect: 'http://json-schema.org/draft-07/schema#',
};
