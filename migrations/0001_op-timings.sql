CREATE TABLE `op_timings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`operation` text NOT NULL,
	`size_bucket` text NOT NULL,
	`ms` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `op_timings_recent` ON `op_timings` (`operation`,`size_bucket`,`created_at`);