CREATE TABLE `account_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_sessions_account` ON `account_sessions` (`account_id`);--> statement-breakpoint
CREATE INDEX `account_sessions_expiry` ON `account_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`recovery_code_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`deleting_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_recovery_code_hash_unique` ON `accounts` (`recovery_code_hash`);--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '[]' NOT NULL,
	`label` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`last_used_at` integer
);
--> statement-breakpoint
CREATE INDEX `passkeys_account` ON `passkeys` (`account_id`);--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`account_id` text,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webauthn_challenges_expiry` ON `webauthn_challenges` (`expires_at`);--> statement-breakpoint
ALTER TABLE `shares` ADD `visitor_id` text;--> statement-breakpoint
CREATE INDEX `shares_member` ON `shares` (`member_id`);--> statement-breakpoint
CREATE INDEX `shares_visitor` ON `shares` (`visitor_id`);