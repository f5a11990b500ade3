/**
 * The dry run's exit codes: the deploy's verdict on this checkout (scripts/deploy.ts, ADR 0143). `configRefused`:
 * every offline step passed, and the deploy would stop only because memeforge.config.ts holds placeholders, which
 * the committed file does; `npm test` (scripts/test.ts) accepts it or `wouldDeploy`.
 */
export const DRY_RUN_EXIT = { wouldDeploy: 0, failed: 1, configRefused: 3 } as const;
