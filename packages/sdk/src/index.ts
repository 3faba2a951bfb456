// @altwise/sdk: the typed client of the Altwise API (types generated from /api/openapi.json).
export { Altwise, DEFAULT_BASE_URL } from './client.js';
export type { AltTextResult, AltwiseOptions, Audit, AuditImage, AuditList, AuditListQuery, CheckResult, DescribeInput, DescribeOptions } from './client.js';
export { AltwiseError, isAltwiseError } from './errors.js';
export { TERMINAL_JOB_STATUSES } from './jobs.js';
export type { CreateJobInput, Job, JobItemInput, JobList, JobListQuery, JobResultItem, JobResultsPage, JobResultsQuery, JobStatus, JobsApi, WaitForOptions } from './jobs.js';
export type { CreateFromFilesOptions, CreatedJob, JobFile, JobFilesOptions, UploadProgress } from './job-files.js';
export type { ResumableUploadOptions } from './job-upload-session.js';
export type { Monitor, MonitorFixJob, MonitorFixList, MonitorImages, MonitorImagesQuery, MonitorInput, MonitorPages, MonitorPagesQuery, MonitorRun, MonitorsApi, MonitorTrend, MonitorUpdate, WaitForRunOptions } from './monitors.js';
export type { RetryOptions } from './retrying-fetch.js';
export type { components, paths } from './api-types.js';
