// The usage module's public face: quotas (admission and headers) and usage statistics.
export { createMeteringService } from './metering.service';
export type { MeteringService, Reservation, UnitOutcome, UnitSettlement } from './metering.service';
export { createQuotaService } from './quota.service';
export type { AccountQuotaService } from './quota.service';
export { usageRoutes } from './usage.routes';
export { createUsageService } from './usage.service';
export type { UsageService } from './usage.service';
export { createLimitAlerts } from './limit-alerts';
export type { LimitAlerts } from './limit-alerts';
export { createWeeklyReports } from './weekly-report';
export type { WeeklyReports } from './weekly-report';
export { laterDecision, QuotaExceeded, quotaExceededError, rateLimitHeaders, setRateLimitHeaders } from './quota-decision';
export type { EventTokens, QuotaDecision, QuotaWindow, RefusedDecision, UsageEvent, UsageOutcome, UsageRecorder } from './quota-decision';
export { usageModule } from './usage.module';
export type { UsageModule } from './usage.module';
