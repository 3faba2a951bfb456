import type { Audit, AuditList, Job, JobList, JobResultItem, JobResultsPage } from '@altwise/sdk';
import type { auditListResponseSchema, auditSchema, jobItemSchema, jobListResponseSchema, jobResultsResponseSchema, jobSchema } from '@altwise/shared';
import { expectTypeOf } from 'vitest';
import type { z } from 'zod';

/**
 * The response contract the web app relies on: the schemas it parses audits and jobs with, and the
 * SDK's types of the served OpenAPI document, must be exactly the same types, both ways.
 *
 * Not a vitest test, on purpose: these assertions are types only, so nothing fails at run time.
 * `npm run typecheck` (`tsc -p apps/web`, which CI runs) is what fails on a drift, naming the field.
 * Never called; it exists to be type-checked.
 */
export function responseContractTypecheck(): void {
  expectTypeOf<z.output<typeof auditSchema>>().toEqualTypeOf<Audit>();
  expectTypeOf<z.output<typeof auditListResponseSchema>>().toEqualTypeOf<AuditList>();
  expectTypeOf<z.output<typeof jobSchema>>().toEqualTypeOf<Job>();
  expectTypeOf<z.output<typeof jobListResponseSchema>>().toEqualTypeOf<JobList>();
  expectTypeOf<z.output<typeof jobItemSchema>>().toEqualTypeOf<JobResultItem>();
  expectTypeOf<z.output<typeof jobResultsResponseSchema>>().toEqualTypeOf<JobResultsPage>();
}
