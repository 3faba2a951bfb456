// GitHub's published REST description (@octokit/openapi, GitHub's OpenAPI 3.0 document) as a checker:
// does a request name an operation GitHub has, with the path and query parameters it takes and a body
// its schema accepts (required fields, additionalProperties: false, commit_sha's 40 hex digits, a
// `refs/...` ref), and does an answer have the shape GitHub documents for that operation and status.
// The fake GitHub refuses a request this finds wrong (422, as GitHub does), so a wrong request fails
// the Action's tests; answers it finds wrong are the fake's own defects, which the suites assert away.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
}
interface Operation {
  operationId: string;
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, Json>;
}
interface Description {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Json>;
    parameters: Record<string, Parameter>;
    responses: Record<string, Json>;
  };
}

export interface GitHubOperationMatch {
  operationId: string;
  template: string;
  method: string;
}

const DESCRIPTION_ID = 'https://api.github.com/description.json';
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
// GitHub answers these from any endpoint (rate limits, outages, a resource that does not exist or no
// longer does), documented once for the whole API rather than per operation; the answer is then
// GitHub's basic error.
const ANY_ENDPOINT_STATUSES = new Set([401, 403, 404, 429, 500, 502, 503, 504]);

/**
 * OpenAPI 3.0's `nullable: true` is not JSON Schema: a typed schema gains "null" among its types, an
 * untyped one (allOf/anyOf/$ref) becomes "null or it". `$ref`s into the description are made absolute.
 */
function toJsonSchema(value: unknown, absoluteRefs: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => toJsonSchema(item, absoluteRefs));
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value as Json)) {
    if (key === 'nullable' || key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
    if (key === '$ref' && typeof item === 'string' && absoluteRefs && item.startsWith('#/')) {
      out[key] = `${DESCRIPTION_ID}${item}`;
    } else {
      out[key] = toJsonSchema(item, absoluteRefs);
    }
  }
  if ((value as Json).nullable !== true) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
    return out;
  }
  return { anyOf: [{ type: 'null' }, out] };
}

let loaded:
  | {
      description: Description;
      ajv: Ajv;
      routes: Array<{ template: string; pattern: RegExp; literals: number }>;
      validators: Map<string, ValidateFunction>;
    }
  | undefined;

function load() {
  if (loaded) return loaded;
  // The plain description (13 MB), not the package's index, which would load all ten variants.
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  const description = JSON.parse(fs.readFileSync(file, 'utf8')) as Description;
  // The one place the fake follows GitHub rather than its description: GitHub nulls a review comment's
  // `line` and `position` once a push outdated it, where the description types both plain integers
  // (reported to GitHub as github/rest-api-description#1901 for `position`).
  const comment = description.components.schemas['pull-request-review-comment']!.properties as Record<
    string,
    Json
  >;
  comment.line!.nullable = true;
  comment.position!.nullable = true;
  // strict: false because the description carries OpenAPI's own keywords (readOnly, deprecated...).
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, logger: false });
  (addFormatsModule as unknown as (ajv: Ajv) => void)(ajv);
  ajv.addSchema({
    $id: DESCRIPTION_ID,
    components: { schemas: toJsonSchema(description.components.schemas, false) },
  });
  const routes = Object.keys(description.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(
        `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)')}$`,
      ),
      literals: template.split('/').filter((part) => part && !part.startsWith('{')).length,
    }))
    // A literal segment wins over a parameter: /pulls/comments/{id} before /pulls/{number}/...
    .sort((a, b) => b.literals - a.literals);
  loaded = { description, ajv, routes, validators: new Map() };
  return loaded;
}

function validator(key: string, schema: Json): ValidateFunction {
  const state = load();
  let validate = state.validators.get(key);
  if (!validate) {
    validate = state.ajv.compile(toJsonSchema(schema, true) as Json);
    state.validators.set(key, validate);
  }
  return validate;
}

const problemsOf = (where: string, validate: ValidateFunction) =>
  (validate.errors ?? []).map(
    (error) =>
      `${where}${error.instancePath || ''} ${error.message ?? 'is invalid'}${
        error.keyword === 'additionalProperties'
          ? ` ('${String((error.params as { additionalProperty?: string }).additionalProperty)}')`
          : ''
      }`,
  );

/** The operation GitHub's description has for this method and path, with the path's parameter values. */
export function findOperation(
  method: string,
  pathname: string,
): { operation: Operation; match: GitHubOperationMatch; pathValues: string[] } | undefined {
  const { description, routes } = load();
  const lower = method.toLowerCase();
  for (const route of routes) {
    const found = route.pattern.exec(pathname);
    const operation =
      found && METHODS.includes(lower) ? description.paths[route.template]?.[lower] : undefined;
    if (found && operation) {
      return {
        operation,
        match: { operationId: operation.operationId, template: route.template, method: lower },
        pathValues: found.slice(1).map(decodeURIComponent),
      };
    }
  }
  return undefined;
}

function parametersOf(operation: Operation): Parameter[] {
  const { description } = load();
  return (operation.parameters ?? []).map((parameter) =>
    '$ref' in parameter
      ? description.components.parameters[parameter.$ref.replace('#/components/parameters/', '')]!
      : parameter,
  );
}

/** A parameter's text as the JSON value its schema speaks of (query and path values are strings). */
function parameterValue(text: string, schema: Json | undefined): unknown {
  const type = schema?.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** What is wrong with a request by GitHub's description; empty when GitHub would take it. */
export function checkGitHubRequest(request: { method: string; url: string; body?: unknown }): string[] {
  const url = new URL(request.url, 'http://github.invalid');
  const found = findOperation(request.method, url.pathname);
  if (!found) return [`${request.method} ${url.pathname}: no such operation in GitHub's REST description`];
  const { operation, match, pathValues } = found;
  const where = `${match.operationId}`;
  const problems: string[] = [];
  const parameters = parametersOf(operation);
  const names = [...match.template.matchAll(/\{([^}]+)\}/g)].map((part) => part[1]!);
  names.forEach((name, index) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    if (!parameter?.schema) return;
    const validate = validator(`${where} path ${name}`, parameter.schema);
    if (!validate(parameterValue(pathValues[index]!, parameter.schema)))
      problems.push(...problemsOf(`${where} path parameter ${name}`, validate));
  });
  for (const [name, text] of url.searchParams) {
    const parameter = parameters.find((candidate) => candidate.in === 'query' && candidate.name === name);
    if (!parameter) {
      problems.push(`${where}: query parameter '${name}' is not in the description`);
      continue;
    }
    const validate = validator(`${where} query ${name}`, parameter.schema ?? {});
    if (!validate(parameterValue(text, parameter.schema)))
      problems.push(...problemsOf(`${where} query parameter ${name}`, validate));
  }
  for (const parameter of parameters) {
    if (parameter.in === 'query' && parameter.required && !url.searchParams.has(parameter.name))
      problems.push(`${where}: required query parameter '${parameter.name}' is missing`);
  }
  const schema = operation.requestBody?.content['application/json']?.schema;
  const hasBody = request.body !== undefined && request.body !== null;
  if (!schema) {
    if (hasBody) problems.push(`${where}: takes no request body`);
  } else if (!hasBody) {
    if (operation.requestBody?.required) problems.push(`${where}: the request body is required`);
  } else {
    const validate = validator(`${where} body`, schema);
    if (!validate(request.body)) problems.push(...problemsOf(`${where} body`, validate));
  }
  return problems;
}

/** What is wrong with an answer by GitHub's description of the operation and status; empty when none. */
export function checkGitHubResponse(response: {
  method: string;
  url: string;
  status: number;
  body: unknown;
}): string[] {
  const url = new URL(response.url, 'http://github.invalid');
  const found = findOperation(response.method, url.pathname);
  // A path GitHub does not have is answered 404, as GitHub does; nothing more to check.
  if (!found) return response.status === 404 ? [] : [`${response.method} ${url.pathname}: no such operation`];
  const { description } = load();
  const where = `${found.match.operationId} ${response.status}`;
  let documented = found.operation.responses[String(response.status)] ?? found.operation.responses.default;
  if (!documented) {
    if (
      ANY_ENDPOINT_STATUSES.has(response.status) ||
      (response.status === 422 && response.body !== undefined)
    )
      documented = {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/basic-error' } } },
      };
    else return [`${where}: the description gives this operation no ${response.status} answer`];
  }
  const ref = documented.$ref;
  if (typeof ref === 'string')
    documented = description.components.responses[ref.replace('#/components/responses/', '')]!;
  const content = documented.content as Record<string, { schema?: Json }> | undefined;
  const schema = content?.['application/json']?.schema;
  if (!schema) return response.body === undefined ? [] : [`${where}: the description gives no body`];
  if (response.body === undefined) return [`${where}: the description gives a body, the answer has none`];
  const validate = validator(`${where} response`, schema);
  return validate(response.body) ? [] : problemsOf(`${where} answer`, validate);
}
