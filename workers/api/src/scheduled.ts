/** The cron trigger. Expired-object cleanup is added with the image store (issue 4). */
export async function runScheduled(_controller: ScheduledController, _env: Env): Promise<void> {}
