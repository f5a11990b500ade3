/**
 * The delete tokens of the shares this browser made (ADR 0139), in localStorage under `memeforge.share.{id}`: the
 * share page shows Delete only where its token is, and sends it. Clearing site data forgets them, and with them the
 * way to delete; the page says so when a share is made.
 */
const key = (id: string) => `memeforge.share.${id}`;

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (a privacy mode): the share works, it just cannot be deleted from here.
    return null;
  }
};

export function keepDeleteToken(id: string, token: string): void {
  try {
    storage()?.setItem(key(id), token);
  } catch {
    // Full or refused: as above.
  }
}

export const deleteTokenOf = (id: string): string | null => storage()?.getItem(key(id)) ?? null;

export function forgetDeleteToken(id: string): void {
  storage()?.removeItem(key(id));
}
