import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context';
import type { UserRepository, UserRow } from './user.repository';
import { createUserService } from './user.service';

function usersWithPlan(plan: string) {
  const reads: string[] = [];
  const row = { id: 'u1', plan, status: 'active' } as UserRow;
  const repository = {
    findById: async (id: string) => {
      reads.push(id);
      return { ...row };
    },
    update: async (_id: string, changes: Partial<UserRow>) => Object.assign(row, changes),
  } as unknown as UserRepository;
  return { service: createUserService({ now: () => 0 } as unknown as AppContext, repository), reads };
}

describe('the plan an admission reads', () => {
  it('is remembered from a read of the account row (an API key authentication), so the admission after it reads nothing', async () => {
    const { service, reads } = usersWithPlan('pro');
    await service.findById('u1');
    expect(await service.planOf('u1')).toBe('pro');
    expect(reads).toEqual(['u1']);
  });

  it('is read again after a plan change here', async () => {
    const { service, reads } = usersWithPlan('free');
    expect(await service.planOf('u1')).toBe('free');
    await service.setPlan('u1', 'pro');
    expect(await service.planOf('u1')).toBe('pro');
    expect(reads).toEqual(['u1', 'u1']);
  });
});
