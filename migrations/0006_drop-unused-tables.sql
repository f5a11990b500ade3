DROP TABLE `rate_limits`;--> statement-breakpoint
DROP TABLE `usage_counters`;