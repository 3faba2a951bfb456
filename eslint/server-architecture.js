// The server's architecture rules that import paths alone cannot express (docs/architecture.md):
// a module imports only the modules its registration declares in `needs`, a route holds no
// database (no repository, no db/, no Kysely), and a service is handed its repositories (it builds
// none). Read by eslint.config.js.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const MODULES_DIR = path.resolve('apps/server/src/modules');

/**
 * Each module folder's declared module names and needs, read from its `*.module.ts` files: every
 * `defineModule({ name: '…'` and every `needs: [ … ]` (the build's and the routes' alike).
 */
function moduleDeclarations() {
  const folders = readdirSync(MODULES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const byFolder = new Map();
  const folderOf = new Map();
  for (const folder of folders) {
    const names = [];
    const needs = new Set();
    for (const file of readdirSync(path.join(MODULES_DIR, folder)).filter((name) => name.endsWith('.module.ts'))) {
      const text = readFileSync(path.join(MODULES_DIR, folder, file), 'utf8');
      for (const match of text.matchAll(/defineModule\(\{\s*name:\s*'(\w+)'/g)) names.push(match[1]);
      for (const match of text.matchAll(/needs:\s*\[([^\]]*)\]/g)) for (const need of match[1].matchAll(/'(\w+)'/g)) needs.add(need[1]);
    }
    byFolder.set(folder, { names, needs });
    for (const name of names) folderOf.set(name, folder);
  }
  return { byFolder, folderOf };
}

/** The module folder a file lies in, or null. */
function folderOfFile(file) {
  const relative = path.relative(MODULES_DIR, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [folder, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? folder : null;
}

/** Calls `check(node, source)` for every static import and re-export of the file. */
function eachImport(check) {
  const visit = (node) => node.source && check(node, node.source.value);
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit };
}

const moduleNeeds = {
  meta: { type: 'problem', docs: { description: "A server module imports only the modules it declares in its registration's needs." }, schema: [] },
  create(context) {
    const own = folderOfFile(context.filename);
    if (!own) return {};
    const { byFolder, folderOf } = moduleDeclarations();
    const declared = byFolder.get(own);
    const allowed = new Set([...(declared?.needs ?? [])].map((need) => folderOf.get(need)).filter(Boolean));
    return eachImport((node, source) => {
      if (!source.startsWith('.')) return;
      const other = folderOfFile(path.resolve(path.dirname(context.filename), source, 'x'));
      if (!other || other === own || allowed.has(other)) return;
      const names = (byFolder.get(other)?.names ?? []).join("' or '");
      context.report({
        node,
        message: `modules/${own} imports modules/${other}, but its module (${declared?.names.join(', ') || 'none declared'}) does not declare '${names}' in needs: declare it, or do not import it.`,
      });
    });
  },
};

const routesHoldNoDatabase = {
  meta: { type: 'problem', docs: { description: 'Routes are HTTP only: they import no repository, nothing of db/, and not Kysely.' }, schema: [] },
  create(context) {
    return eachImport((node, source) => {
      if (!/\.repository(\.ts)?$/.test(source) && !/(^|\/)db\//.test(source) && source !== 'kysely') return;
      context.report({ node, message: `A route holds no database ('${source}'): the service it calls reads and writes through its repositories.` });
    });
  },
};

const REPOSITORY_FACTORY = /^create\w*Repository$/;

/** A value import or re-export (not `import type`, not only `type` specifiers). */
function importsValues(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return false;
  const specifiers = node.specifiers ?? [];
  if (node.type !== 'ImportDeclaration' || specifiers.length === 0) return true;
  return specifiers.some((specifier) => specifier.importKind !== 'type');
}

const servicesAreGivenRepositories = {
  meta: {
    type: 'problem',
    docs: { description: "A service is handed its repositories by its module's registration: it imports a repository's types only, and builds none." },
    schema: [],
  },
  create(context) {
    const message = 'its *.module.ts builds it and hands it in (import its types only).';
    return {
      ...eachImport((node, source) => {
        if (!/\.repository(\.ts)?$/.test(source) || !importsValues(node)) return;
        context.report({ node, message: `A service builds no repository ('${source}'): ${message}` });
      }),
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || !REPOSITORY_FACTORY.test(node.callee.name)) return;
        context.report({ node, message: `A service builds no repository (${node.callee.name}): ${message}` });
      },
    };
  },
};

export const serverArchitecture = {
  rules: { 'module-needs': moduleNeeds, 'routes-hold-no-database': routesHoldNoDatabase, 'services-are-given-repositories': servicesAreGivenRepositories },
};
