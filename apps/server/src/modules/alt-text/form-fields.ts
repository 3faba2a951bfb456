// Multipart fields are text; the shared schema of the generation options expects their types.

/** "true"/"1" and "false"/"0"/"" as booleans; anything else stays text for the schema to refuse. */
function booleanField(options: Record<string, unknown>, name: string, text: string | undefined) {
  if (text === undefined) return;
  const value = text.trim().toLowerCase();
  if (value === 'true' || value === '1') options[name] = true;
  else if (value === 'false' || value === '0' || value === '') options[name] = false;
}

/**
 * Multipart fields are text: "true"/"false" become booleans and a comma list of keywords an array
 * before the shared schema sees them.
 */
export function fieldsToOptions(fields: Record<string, string>): Record<string, unknown> {
  const options: Record<string, unknown> = { ...fields };
  booleanField(options, 'regenerate', fields.regenerate);
  if (fields.trailingPeriod?.trim() === '') delete options.trailingPeriod;
  else booleanField(options, 'trailingPeriod', fields.trailingPeriod);
  if (fields.keywords !== undefined) {
    options.keywords = fields.keywords
      .split(',')
      .map((keyword) => keyword.trim())
      .filter(Boolean);
  }
  if (fields.maxLength?.trim() === '') delete options.maxLength;
  return options;
}
