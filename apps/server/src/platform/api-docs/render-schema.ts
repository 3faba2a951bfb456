import { escapeHtml } from './html';

/** The JSON Schema keywords the zod → OpenAPI transform emits (OpenAPI 3.1 schemas are JSON Schema). */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Deeper than any of our bodies; a bound so a recursive schema cannot blow up the page. */
const MAX_DEPTH = 8;

const isNull = (schema: JsonSchema) => schema.type === 'null';

/** `anyOf: [X, {type: 'null'}]` is how zod's nullable arrives: X, marked "or null". */
function withoutNull(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.some(isNull)) {
    const rest = variants.filter((variant) => !isNull(variant));
    if (rest.length === 1) return { schema: { ...rest[0], description: schema.description ?? rest[0]!.description }, nullable: true };
    return { schema: { ...schema, anyOf: rest, oneOf: undefined }, nullable: true };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((type) => type !== 'null');
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema, nullable: false };
}

const literal = (value: unknown) => JSON.stringify(value) ?? String(value);
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A short type label: "string", "array of object", "one of "a", "b"". */
export function typeLabel(input: JsonSchema): string {
  const { schema, nullable } = withoutNull(input);
  let label: string;
  if (schema.const !== undefined) label = `exactly ${literal(schema.const)}`;
  else if (schema.enum) label = `one of ${schema.enum.map(literal).join(', ')}`;
  else if (schema.anyOf ?? schema.oneOf) label = (schema.anyOf ?? schema.oneOf)!.map(typeLabel).join(' or ');
  else if (schema.type === 'array') label = `array of ${schema.items ? typeLabel(schema.items) : 'any'}`;
  else if (Array.isArray(schema.type)) label = schema.type.join(' or ');
  else label = schema.type ?? (schema.properties ? 'object' : 'any');
  if (schema.format && typeof schema.type === 'string') label += ` (${schema.format})`;
  return nullable ? `${label} or null` : label;
}

/** Limits worth knowing before a call is refused: lengths, ranges, counts, pattern, default. */
function constraints(schema: JsonSchema): string[] {
  const found: string[] = [];
  if (schema.minLength !== undefined && schema.minLength > 0) found.push(`at least ${count(schema.minLength, 'character')}`);
  if (schema.maxLength !== undefined) found.push(`at most ${count(schema.maxLength, 'character')}`);
  if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER) found.push(`minimum ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) found.push(`maximum ${schema.maximum}`);
  if (schema.minItems !== undefined && schema.minItems > 0) found.push(`at least ${count(schema.minItems, 'item')}`);
  if (schema.maxItems !== undefined) found.push(`at most ${count(schema.maxItems, 'item')}`);
  if (schema.pattern !== undefined) found.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) found.push(`default ${literal(schema.default)}`);
  return found;
}

/** The schema whose fields are listed under a value: an object's own, or an array's items'. */
function nestedFields(schema: JsonSchema): JsonSchema | null {
  const plain = withoutNull(schema).schema;
  if (plain.properties) return plain;
  if (plain.type === 'array' && plain.items) return nestedFields(plain.items);
  if (typeof plain.additionalProperties === 'object') return nestedFields(plain.additionalProperties);
  return null;
}

function renderProperty(name: string, schema: JsonSchema, required: boolean, depth: number): string {
  const plain = withoutNull(schema).schema;
  const limits = constraints(plain);
  const nested = nestedFields(schema);
  return [
    '<li>',
    `<code class="field">${escapeHtml(name)}</code> `,
    `<span class="type">${escapeHtml(typeLabel(schema))}</span> `,
    required ? '<span class="required">required</span>' : '<span class="optional">optional</span>',
    limits.length > 0 ? ` <span class="limits">(${escapeHtml(limits.join('; '))})</span>` : '',
    plain.description ? `<p class="description">${escapeHtml(plain.description)}</p>` : '',
    nested && depth < MAX_DEPTH ? renderFields(nested, depth + 1) : '',
    '</li>',
  ].join('');
}

function renderFields(schema: JsonSchema, depth: number): string {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return '';
  const required = new Set(schema.required ?? []);
  return `<ul class="fields">${properties.map(([name, property]) => renderProperty(name, property, required.has(name), depth)).join('')}</ul>`;
}

/** A parameter's type cell: its type and limits. */
export function renderTypeAndLimits(schema: JsonSchema): string {
  const limits = constraints(withoutNull(schema).schema);
  return `<span class="type">${escapeHtml(typeLabel(schema))}</span>${
    limits.length > 0 ? ` <span class="limits">(${escapeHtml(limits.join('; '))})</span>` : ''
  }`;
}

/** A body or response schema: its fields as a nested list, or its type when it has none. */
export function renderSchema(schema: JsonSchema): string {
  const nested = nestedFields(schema);
  const plain = withoutNull(schema).schema;
  const summary = `<p class="schema-type">Type: <span class="type">${escapeHtml(typeLabel(schema))}</span>${
    plain.description ? ` — ${escapeHtml(plain.description)}` : ''
  }</p>`;
  return nested ? `${plain.type === 'array' || plain.description ? summary : ''}${renderFields(nested, 0)}` : summary;
}
