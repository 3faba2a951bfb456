import type { ProviderDependencies } from '@altwise/engine';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import type { Retention } from './retention';

/**
 * What each module provides, by module name. Each module's registration file adds its own entry
 * (declaration merging, the way Fastify's decorators are typed), so a module that needs another
 * gets it typed without importing it, and platform/ still imports no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleRegistry {}

export type ModuleName = keyof ModuleRegistry & string;

/** Seams of tests and benchmarks; production passes none. */
export interface BuildOptions {
  /** Replaces the clock (tests). */
  now?: () => number;
  /** Vision-provider seams (tests, benchmarks): shorter retry deadlines, a custom fetch. */
  provider?: ProviderDependencies;
  /** PostgreSQL application_name of this instance's connections (tests tell instances apart). */
  applicationName?: string;
  /** Webhooks' seams (tests): the first retry's delay. */
  webhooks?: { retryBaseMs?: number };
  /** The mail outbox's seams (tests): the first retry's delay, how often it is polled. */
  mail?: { retryBaseMs?: number; pollMs?: number };
  /** Economy jobs' seams (tests): the monotonic clock that times the server's work on a batch answer. */
  economy?: { monotonic?: () => number };
  /**
   * Jobs' seams (tests): the window MODEL_RPM counts in (one minute). A test of the limit holds the
   * window open for as long as it looks, however slowly a loaded machine gets there.
   */
  jobs?: { modelRateWindowMs?: number };
}

/** What every module is built with, besides the modules it needs. */
export interface ModuleKit {
  ctx: AppContext;
  logger: FastifyBaseLogger;
  /** The periodic sweep: each module adds the deletion of what its tables no longer keep. */
  retention: Retention;
  options: BuildOptions;
}

/** Undoes what a `start` began (a timer, a poller); called first when its module stops. */
export type Undo = () => void | Promise<void>;

/**
 * One module as the composition root sees it: its name, the modules it needs (built before it,
 * stopped after it), how it is built, its HTTP routes (left out of a worker process), and what it
 * starts and stops. `stop` releases what `create` acquired, so it must be safe when `start` never
 * ran (a failed start-up, WORKERS=none); what `start` began, the Undo it returns ends.
 */
export interface AppModule<Name extends ModuleName, Needs extends ModuleName = never, HttpNeeds extends ModuleName = never> {
  name: Name;
  needs: readonly Needs[];
  create(kit: ModuleKit, deps: Pick<ModuleRegistry, Needs>): ModuleRegistry[Name] | Promise<ModuleRegistry[Name]>;
  /**
   * Routes are registered once every module is built, so `needs` here (the auth guards, say) only
   * have to exist: they do not order the start-up.
   */
  http?: {
    needs: readonly HttpNeeds[];
    register(app: FastifyInstance, self: ModuleRegistry[Name], deps: Pick<ModuleRegistry, Needs | HttpNeeds>, kit: ModuleKit): Promise<void> | void;
  };
  start?(self: ModuleRegistry[Name], kit: ModuleKit): void | Undo | Promise<void | Undo>;
  stop?(self: ModuleRegistry[Name]): Promise<void> | void;
}

/** The same, with its types erased: the composition root handles every module alike. */
export interface ModuleDefinition {
  name: string;
  needs: readonly string[];
  create(kit: ModuleKit, deps: Record<string, unknown>): unknown;
  http?: { needs: readonly string[]; register(app: FastifyInstance, self: unknown, deps: Record<string, unknown>, kit: ModuleKit): Promise<void> | void };
  start?(self: unknown, kit: ModuleKit): void | Undo | Promise<void | Undo>;
  stop?(self: unknown): Promise<void> | void;
}

/** Checks a module against the registry's types, then hands it to the root untyped. */
export function defineModule<Name extends ModuleName, Needs extends ModuleName = never, HttpNeeds extends ModuleName = never>(
  module: AppModule<Name, Needs, HttpNeeds>,
): ModuleDefinition {
  return module as unknown as ModuleDefinition;
}
