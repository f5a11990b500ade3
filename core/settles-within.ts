/**
 * Whether `work` settles (resolves or rejects) within `ms`. The timer is cleared as soon as it does, so a finished
 * request leaves nothing pending; the work itself goes on if it is late (the caller decides what that means).
 */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
