import type { FastifyInstance } from 'fastify';
import type { ModuleDefinition, ModuleKit, ModuleName, ModuleRegistry, Undo } from '../platform/app-module';

/** A module list that cannot be composed: a name twice, a need nobody provides, a cycle. */
export class CompositionError extends Error {
  override name = 'CompositionError';
}

type Declared = Pick<ModuleDefinition, 'name' | 'needs'>;

/**
 * The modules in start order: each after every module it needs, otherwise in the order listed.
 * Refuses a duplicate name, a need no listed module provides, and a cycle (named in full).
 */
export function orderModules<M extends Declared>(modules: readonly M[]): M[] {
  const byName = new Map<string, M>();
  for (const module of modules) {
    if (byName.has(module.name)) throw new CompositionError(`module "${module.name}" is listed twice`);
    byName.set(module.name, module);
  }
  const ordered: M[] = [];
  const done = new Set<string>();
  const path: string[] = [];

  function visit(module: M): void {
    if (done.has(module.name)) return;
    const seen = path.indexOf(module.name);
    if (seen !== -1) {
      throw new CompositionError(`modules need each other in a cycle: ${[...path.slice(seen), module.name].join(' → ')}`);
    }
    path.push(module.name);
    for (const need of module.needs) {
      const needed = byName.get(need);
      if (!needed) throw new CompositionError(`module "${module.name}" needs "${need}", which no listed module provides`);
      visit(needed);
    }
    path.pop();
    done.add(module.name);
    ordered.push(module);
  }

  for (const module of modules) visit(module);
  return ordered;
}

/** The listed modules that `roots` need, directly or not, in listing order (a worker builds only these). */
export function modulesNeededBy<M extends Declared>(modules: readonly M[], roots: readonly string[]): M[] {
  const byName = new Map(modules.map((module) => [module.name, module]));
  const wanted = new Set<string>();
  const add = (name: string, by?: string): void => {
    if (wanted.has(name)) return;
    const module = byName.get(name);
    if (!module) throw new CompositionError(by ? `module "${by}" needs "${name}", which no listed module provides` : `no module is named "${name}"`);
    wanted.add(name);
    for (const need of module.needs) add(need, name);
  };
  for (const root of roots) add(root);
  return modules.filter((module) => wanted.has(module.name));
}

export interface Composition {
  /** The module names in the order they were built and started. */
  readonly order: readonly string[];
  /** What a built module provides. */
  get<N extends ModuleName>(name: N): ModuleRegistry[N];
  /** Stops every built module in the reverse of start order; one failing does not keep the others running. */
  stop(): Promise<void>;
}

/**
 * Builds the modules in dependency order, registers their routes on `app` (none when there is no
 * app: a worker), then starts them in the same order. Shutdown is the reverse, by construction. A
 * failure part-way stops what was already built before it is rethrown.
 */
export async function composeModules(modules: readonly ModuleDefinition[], kit: ModuleKit, app?: FastifyInstance): Promise<Composition> {
  const ordered = orderModules(modules);
  const built = new Map<string, unknown>();
  const stoppable: Array<{ module: ModuleDefinition; self: unknown; undoStart?: Undo }> = [];
  const pick = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, built.get(name)]));

  async function stop(): Promise<void> {
    let firstError: unknown;
    for (const { module, self, undoStart } of stoppable.splice(0).reverse()) {
      try {
        await undoStart?.();
        await module.stop?.(self);
      } catch (error) {
        kit.logger.error({ err: error, module: module.name }, 'a module failed to stop');
        firstError ??= error;
      }
    }
    if (firstError !== undefined) throw firstError;
  }

  try {
    for (const module of ordered) {
      const self = await module.create(kit, pick(module.needs));
      built.set(module.name, self);
      stoppable.push({ module, self });
    }
    if (app) {
      // In listing order, not start order: the list decides the order of the API reference.
      for (const module of modules) {
        if (!module.http) continue;
        const missing = module.http.needs.find((need) => !built.has(need));
        if (missing) throw new CompositionError(`the routes of module "${module.name}" need "${missing}", which no listed module provides`);
        await module.http.register(app, built.get(module.name), pick([...module.needs, ...module.http.needs]), kit);
      }
    }
    for (const entry of stoppable) entry.undoStart = (await entry.module.start?.(entry.self, kit)) ?? undefined;
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }

  return {
    order: ordered.map((module) => module.name),
    get: <N extends ModuleName>(name: N) => {
      if (!built.has(name)) throw new CompositionError(`no module named "${name}" was built`);
      return built.get(name) as ModuleRegistry[N];
    },
    stop,
  };
}
