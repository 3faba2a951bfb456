import { describe, expect, it } from 'vitest';
import type { ModuleDefinition, ModuleKit } from '../platform/app-module';
import { APP_MODULES, WORKER_ROOTS } from './app-modules';
import { CompositionError, composeModules, modulesNeededBy, orderModules } from './compose-modules';

const kit = { logger: { error: () => undefined } } as unknown as ModuleKit;

/** A module that writes what happens to it in `log`. */
function fake(name: string, needs: string[], log: string[], options: { failStart?: boolean; failStop?: boolean } = {}): ModuleDefinition {
  return {
    name,
    needs,
    create: (_kit, deps) => {
      log.push(`create ${name}(${Object.keys(deps).join(',')})`);
      return { name };
    },
    start: () => {
      if (options.failStart) throw new Error(`${name} cannot start`);
      log.push(`start ${name}`);
      return () => void log.push(`undo start ${name}`);
    },
    stop: () => {
      log.push(`stop ${name}`);
      if (options.failStop) throw new Error(`${name} cannot stop`);
    },
  };
}

describe('the composition root', () => {
  it('builds each module after the modules it needs, whatever the listing order', () => {
    const log: string[] = [];
    const ordered = orderModules([fake('jobs', ['usage', 'instance'], log), fake('usage', ['users'], log), fake('users', [], log), fake('instance', [], log)]);
    expect(ordered.map((module) => module.name)).toEqual(['users', 'usage', 'instance', 'jobs']);
  });

  it('stops in exactly the reverse of start order, and hands each module only what it declared', async () => {
    const log: string[] = [];
    const composition = await composeModules([fake('c', ['b', 'a'], log), fake('b', ['a'], log), fake('a', [], log)], kit);
    expect(composition.order).toEqual(['a', 'b', 'c']);
    await composition.stop();
    expect(log).toEqual([
      'create a()',
      'create b(a)',
      'create c(b,a)',
      'start a',
      'start b',
      'start c',
      'undo start c',
      'stop c',
      'undo start b',
      'stop b',
      'undo start a',
      'stop a',
    ]);
  });

  it('refuses a dependency cycle, naming it', () => {
    const log: string[] = [];
    expect(() => orderModules([fake('a', ['b'], log), fake('b', ['c'], log), fake('c', ['a'], log)])).toThrow(
      new CompositionError('modules need each other in a cycle: a → b → c → a'),
    );
  });

  it('refuses a missing dependency and a name listed twice, naming them', () => {
    const log: string[] = [];
    expect(() => orderModules([fake('jobs', ['usage'], log)])).toThrow(new CompositionError('module "jobs" needs "usage", which no listed module provides'));
    expect(() => orderModules([fake('a', [], log), fake('a', [], log)])).toThrow(new CompositionError('module "a" is listed twice'));
  });

  it('refuses routes that need a module nobody provides', async () => {
    const log: string[] = [];
    const routed: ModuleDefinition = { ...fake('a', [], log), http: { needs: ['guards'], register: () => undefined } };
    await expect(composeModules([routed], kit, {} as never)).rejects.toThrow('the routes of module "a" need "guards", which no listed module provides');
    expect(log).toEqual(['create a()', 'stop a']);
  });

  it('stops what it already built, in reverse, when a start fails; a failing stop does not keep the others running', async () => {
    const log: string[] = [];
    await expect(composeModules([fake('a', [], log), fake('b', ['a'], log, { failStop: true }), fake('c', ['b'], log, { failStart: true })], kit)).rejects.toThrow('c cannot start');
    expect(log.slice(5)).toEqual(['stop c', 'undo start b', 'stop b', 'undo start a', 'stop a']);
  });

  it('orders the server modules without a cycle, and a worker builds only what jobs need', () => {
    const order = orderModules(APP_MODULES).map((module) => module.name);
    expect(order.indexOf('usage')).toBeLessThan(order.indexOf('jobs'));
    expect(order.indexOf('instance')).toBe(0);
    const worker = orderModules(modulesNeededBy(APP_MODULES, WORKER_ROOTS)).map((module) => module.name);
    expect(worker).toEqual(expect.arrayContaining(['jobs', 'lifecycle', 'instance']));
    for (const httpOnly of ['guards', 'auth', 'apiKeys', 'billing', 'audits', 'account', 'demo', 'legal', 'plans', 'idempotency']) {
      expect(worker).not.toContain(httpOnly);
    }
  });
});
