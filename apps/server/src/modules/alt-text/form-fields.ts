// Multipart fields are text; the shared schema of the generation options expects their types.
import { generationOptionsSchema, imagePurposeSchema } from '@altwise/shared';

/** The multipart form's option fields, for the API docs: the purpose as three flat text fields. */
export const generationFormFieldsDocs = generationOptionsSchema.omit({ purpose: true }).extend({
  purposeKind: imagePurposeSchema.shape.kind.optional().describe('The image is the only content of a link or a button'),
  purposeHref: imagePurposeSchema.shape.href.describe("The link's destination"),
  purposeLabel: imagePurposeSchema.shape.label.describe("The destination's or action's own words"),
});

/** "true"/"1" and "false"/"0"/"" as booleans; anything else stays text for the schema to refuse. */
function booleanField(options: Record<string, unknown>, name: string, text: string | undefined) {
  if (text === undefined) return;
  const value = text.trim().toLowerCase();
  if (value === 'true' || value === '1') options[name] = true;
  else if (value === 'false' || value === '0' || value === '') options[name] = false;
}

/**
 * A form has no objects: the image's purpose comes as purposeKind ("link" | "button"), purposeHref
 * and purposeLabel, gathered into `purpose` for the schema (which refuses a kind it does not know,
 * and a href or label without a kind). Blank fields count as absent, as an empty form input sends them.
 */
function purposeFields(options: Record<string, unknown>): Record<string, unknown> | undefined {
  const parts: Record<string, unknown> = {};
  for (const [field, key] of [['purposeKind', 'kind'], ['purposeHref', 'href'], ['purposeLabel', 'label']] as const) {
    const value = options[field];
    delete options[field];
    if (typeof value === 'string' && value.trim() !== '') parts[key] = value;
  }
  return Object.keys(parts).length > 0 ? parts : undefined;
}

/**
 * Multipart fields are text: "true"/"false" become booleans and a comma list of keywords an array
 * before the shared schema sees them.
 */
export function fieldsToOptions(fields: Record<string, string>): Record<string, unknown> {
  const options: Record<string, unknown> = { ...fields };
  booleanField(options, 'regenerate', fields.regenerate);
  booleanField(options, 'verify', fields.verify);
  if (fields.samples?.trim() === '') delete options.samples;
  if (fields.trailingPeriod?.trim() === '') delete options.trailingPeriod;
  else booleanField(options, 'trailingPeriod', fields.trailingPeriod);
  if (fields.keywords !== undefined) {
    options.keywords = fields.keywords
      .split(',')
      .map((keyword) => keyword.trim())
      .filter(Boolean);
  }
  if (fields.maxLength?.trim() === '') delete options.maxLength;
  const purpose = purposeFields(options);
  if (purpose) options.purpose = purpose;
  return options;
}
