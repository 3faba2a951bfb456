import type { Audit, AuditList, Job, JobList, JobResultItem, JobResultsPage } from '@altwise/sdk';
import type { auditListResponseSchema, auditSchema, jobItemSchema, jobListResponseSchema, jobResultsResponseSchema, jobSchema } from '@altwise/shared';
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';

// Checked by `npm run typecheck` (tsc reads this file): the schemas the web app parses responses
// with and the SDK's types of the served OpenAPI document must stay the same types, both ways.
describe('the response contract the web app relies on', () => {
  it('parses audits and jobs into exactly the types the server documents', () => {
    expectTypeOf<z.output<typeof auditSchema>>().toEqualTypeOf<Audit>();
    expectTypeOf<z.output<typeof auditListResponseSchema>>().toEqualTypeOf<AuditList>();
    expectTypeOf<z.output<typeof jobSchema>>().toEqualTypeOf<Job>();
    expectTypeOf<z.output<typeof jobListResponseSchema>>().toEqualTypeOf<JobList>();
    expectTypeOf<z.output<typeof jobItemSchema>>().toEqualTypeOf<JobResultItem>();
    expectTypeOf<z.output<typeof jobResultsResponseSchema>>().toEqualTypeOf<JobResultsPage>();
  });
});
