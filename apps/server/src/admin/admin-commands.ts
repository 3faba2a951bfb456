import { PLAN_IDS, emailSchema, isPlanId } from '@altwise/shared';
import type { UserService } from '../modules/users/user.service';

export const ADMIN_USAGE = `Usage: npm run admin -- <command>
  set-plan <email> <plan>   assign a plan (${PLAN_IDS.join(', ')}) without billing
  list-users                every account: email, plan, status, created`;

/**
 * The operator's commands (docs/operations.md "Billing"). With BILLING_PROVIDER=none this is how paid plans
 * are given; it works in every mode. Returns the process exit code.
 */
export async function runAdminCommand(
  args: string[],
  deps: { users: Pick<UserService, 'findByEmail' | 'setPlan' | 'listAll'>; print: (line: string) => void },
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'set-plan' && rest.length === 2) {
    const email = emailSchema.safeParse(rest[0]);
    const plan = rest[1]!;
    if (!email.success) {
      deps.print(`Not an email address: ${rest[0]}`);
      return 1;
    }
    if (!isPlanId(plan)) {
      deps.print(`Unknown plan "${plan}": use one of ${PLAN_IDS.join(', ')}`);
      return 1;
    }
    const user = await deps.users.findByEmail(email.data);
    if (!user) {
      deps.print(`No account with the email ${email.data}`);
      return 1;
    }
    await deps.users.setPlan(user.id, plan);
    deps.print(`${email.data}: ${user.plan} → ${plan}`);
    return 0;
  }
  if (command === 'list-users' && rest.length === 0) {
    const rows = await deps.users.listAll();
    deps.print(['email', 'plan', 'status', 'created'].join('\t'));
    for (const row of rows) {
      deps.print([row.email, row.plan, row.status, new Date(row.created_at).toISOString()].join('\t'));
    }
    deps.print(`${rows.length} account${rows.length === 1 ? '' : 's'}`);
    return 0;
  }
  deps.print(ADMIN_USAGE);
  return 2;
}
