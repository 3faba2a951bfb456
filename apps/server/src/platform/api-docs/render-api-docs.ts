import { API_DOCS_STYLES } from './api-docs-styles';
import { escapeHtml, slug } from './html';
import { renderSchema, renderTypeAndLimits } from './render-schema';
import type { JsonSchema } from './render-schema';

/** The parts of an OpenAPI 3.1 document this page reads. */
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; description?: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Section titles for the route tags, in the order a newcomer needs them. */
const TAG_TITLES: Record<string, string> = {
  auth: 'Authentication',
  users: 'Account',
  'api-keys': 'API keys',
  'alt-text': 'Alt text',
  jobs: 'Bulk jobs and webhooks',
  audits: 'Page audits',
  monitors: 'Site monitors',
  usage: 'Usage',
  plans: 'Plans',
  billing: 'Subscription',
  settings: 'Settings',
  demo: 'Demo',
  legal: 'Legal documents',
};

const SECURITY_LABELS: Record<string, string> = {
  bearerAuth: 'a signed-in session (Authorization: Bearer <access token>)',
  apiKey: 'an API key (X-API-Key header)',
};

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  anchor: string;
  operation: OpenApiOperation;
}

/** Every error answer has one shape; it is described once, at the top, not under every status. */
function isErrorEnvelope(schema: JsonSchema | undefined): boolean {
  const keys = Object.keys(schema?.properties ?? {});
  return keys.length === 1 && keys[0] === 'error';
}

function groupByTag(document: OpenApiDocument): Map<string, Operation[]> {
  const groups = new Map<string, Operation[]>(Object.keys(TAG_TITLES).map((tag) => [tag, []]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, anchor: slug(`${method} ${path}`), operation });
    }
  }
  for (const [tag, operations] of groups) if (operations.length === 0) groups.delete(tag);
  return groups;
}

/** A path that wraps after its slashes in the narrow index, not inside a word. */
const breakable = (path: string) => escapeHtml(path).replaceAll('/', '/<wbr>');
const tagTitle = (tag: string) => TAG_TITLES[tag] ?? tag;
const methodBadge = (method: string) => `<span class="method method-${method}">${method.toUpperCase()}</span>`;

function renderSecurity(operation: OpenApiOperation): string {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return '<p class="auth">Authentication: none (public).</p>';
  return `<p class="auth">Authentication: ${escapeHtml(schemes.map((scheme) => SECURITY_LABELS[scheme] ?? scheme).join(' or '))}.</p>`;
}

function renderParameters({ method, path, anchor, operation }: Operation): string {
  const parameters = operation.parameters ?? [];
  if (parameters.length === 0) return '';
  const rows = parameters
    .map((parameter) => {
      const schema = parameter.schema ?? {};
      return `<tr><th scope="row"><code>${escapeHtml(parameter.name)}</code></th><td>${escapeHtml(parameter.in)}</td><td>${renderTypeAndLimits(schema)}</td><td>${
        parameter.required ? 'yes' : 'no'
      }</td><td>${escapeHtml(parameter.description ?? schema.description ?? '')}</td></tr>`;
    })
    .join('');
  // The scroll region is named by its operation: 25 regions all named "Parameters" were indistinguishable (axe landmark-unique).
  const name = `Parameters of ${method.toUpperCase()} ${path}`;
  return `<h4 id="${anchor}-parameters">Parameters</h4><div class="table-scroll" role="region" aria-label="${escapeHtml(name)}" tabindex="0"><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function renderRequestBody(operation: OpenApiOperation): string {
  const content = Object.entries(operation.requestBody?.content ?? {});
  if (content.length === 0) return '';
  return content
    .map(([mediaType, { schema }]) => `<h4>Request body <span class="media">${escapeHtml(mediaType)}</span></h4>${schema ? renderSchema(schema) : ''}`)
    .join('');
}

function renderResponses(operation: OpenApiOperation): string {
  const responses = Object.entries(operation.responses ?? {});
  if (responses.length === 0) return '';
  const items = responses.map(([status, response]) => {
    const content = Object.entries(response.content ?? {});
    const description = response.description && response.description !== 'Default Response' ? response.description : '';
    const documented = content.filter(([, body]) => body.schema && !isErrorEnvelope(body.schema));
    const errorNote = content.some(([, body]) => isErrorEnvelope(body.schema)) ? ' <a href="#errors">Error envelope</a>.' : '';
    const head = `<span class="status">${escapeHtml(status)}</span>${description ? ` ${escapeHtml(description)}` : ''}`;
    if (documented.length === 0) return `<li>${head}${errorNote}</li>`;
    const bodies = documented
      .map(([mediaType, body]) => `<p class="media">${escapeHtml(mediaType)}</p>${renderSchema(body.schema!)}`)
      .join('');
    return `<li><details><summary>${head}</summary>${bodies}</details></li>`;
  });
  return `<h4>Responses</h4><ul class="responses">${items.join('')}</ul>`;
}

function renderOperation({ method, path, anchor, operation }: Operation): string {
  return [
    `<section class="operation" id="${anchor}" aria-labelledby="${anchor}-title">`,
    `<h3 id="${anchor}-title">${methodBadge(method)} <code class="path">${escapeHtml(path)}</code></h3>`,
    operation.summary ? `<p>${escapeHtml(operation.summary)}</p>` : '',
    operation.description ? `<p>${escapeHtml(operation.description)}</p>` : '',
    renderSecurity(operation),
    renderParameters({ method, path, anchor, operation }),
    renderRequestBody(operation),
    renderResponses(operation),
    '</section>',
  ].join('');
}

function renderIndex(groups: Map<string, Operation[]>): string {
  const sections = [...groups]
    .map(
      ([tag, operations]) =>
        `<li><a href="#tag-${slug(tag)}">${escapeHtml(tagTitle(tag))}</a><ul>${operations
          .map(({ method, path, anchor }) => `<li><a href="#${anchor}">${methodBadge(method)} <span class="path">${breakable(path)}</span></a></li>`)
          .join('')}</ul></li>`,
    )
    .join('');
  return `<nav class="index" aria-labelledby="index-title"><h2 id="index-title">Endpoints</h2><ul>${sections}</ul></nav>`;
}

/**
 * The API reference at /api/docs, rendered on the server from the OpenAPI document: plain,
 * semantic HTML with no script, so it carries none of a bundled docs UI's accessibility faults
 * (Swagger UI's was 8 axe violations) and follows the reader's light or dark preference.
 */
export function renderApiDocs(document: OpenApiDocument): string {
  const groups = groupByTag(document);
  const { title, version, description } = document.info;
  const sections = [...groups]
    .map(
      ([tag, operations]) =>
        `<section aria-labelledby="tag-${slug(tag)}"><h2 id="tag-${slug(tag)}">${escapeHtml(tagTitle(tag))}</h2>${operations.map(renderOperation).join('')}</section>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} reference</title>
<style>${API_DOCS_STYLES}</style>
</head>
<body>
<a class="skip-link" href="#content">Skip to the reference</a>
<header class="site-header"><a class="brand" href="/">Altwise</a><nav aria-label="Documentation links"><ul><li><a href="/api/openapi.json">OpenAPI document (JSON)</a></li><li><a href="/app/api-keys">Your API keys</a></li></ul></nav></header>
<div class="layout">
${renderIndex(groups)}
<main id="content" tabindex="-1">
<h1>${escapeHtml(title)} <span class="version">v${escapeHtml(version)}</span></h1>
${description ? `<p class="lead">${escapeHtml(description)}</p>` : ''}
<section aria-labelledby="getting-started"><h2 id="getting-started">Getting started</h2>
<p>Every path below is relative to this server. Calls that generate alt text take an API key in the <code>X-API-Key</code> header (create one under <a href="/app/api-keys">API keys</a>); account calls take a session's access token as <code>Authorization: Bearer &lt;token&gt;</code>. Bodies are JSON unless a route says otherwise.</p>
<p>Import <a href="/api/openapi.json">the OpenAPI document</a> into your HTTP client or code generator to try the calls.</p>
<h3 id="errors">Errors</h3>
<p>Every error answer has the same JSON body: <code>{"error": {"code", "message", "details"?}}</code>. <code>code</code> is stable and meant for programs; <code>message</code> is for people. A 429 carries <code>Retry-After</code>.</p>
</section>
${sections}
</main>
</div>
</body>
</html>
`;
}
