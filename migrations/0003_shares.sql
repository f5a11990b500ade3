CREATE TABLE `shares` (
	`id` text PRIMARY KEY NOT NULL,
	`object_key` text NOT NULL,
	`content_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`file_size` integer NOT NULL,
	`template_id` text,
	`captions` text DEFAULT '[]' NOT NULL,
	`delete_token_hash` text NOT NULL,
	`member_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`expires_at` integer,
	`deleted_at` integer,
	`deleted_reason` text
);
--> statement-breakpoint
CREATE INDEX `shares_expiry` ON `shares` (`deleted_at`,`expires_at`);