// @altwise/sdk: the typed client of the Altwise API (types generated from /api/openapi.json).
export { Altwise } from './client';
export type { AltTextResult, AltwiseOptions, Audit, AuditImage, AuditList, AuditListQuery, CheckResult, DescribeInput, DescribeOptions } from './client';
export { AltwiseError, isAltwiseError } from './errors';
export { TERMINAL_JOB_STATUSES } from './jobs';
export type { CreateJobInput, Job, JobItemInput, JobList, JobListQuery, JobResultItem, JobResultsPage, JobResultsQuery, JobStatus, JobsApi, WaitForOptions } from './jobs';
export type { RetryOptions } from './retrying-fetch';
export type { components, paths } from './api-types';
