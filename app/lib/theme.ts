/** localStorage key and values of the dark-mode preference (docs/product.md §2). */
export const DARK_MODE_KEY = 'darkMode';

/**
 * Runs in <head> before first paint so a dark page never flashes light. Kept tiny and dependency-free;
 * it carries the per-request CSP nonce like Remix's own inline scripts (app/lib/security-headers.ts).
 */
export const THEME_BOOT_SCRIPT = `try{if(localStorage.getItem("${DARK_MODE_KEY}")==="true")document.documentElement.classList.add("dark")}catch(e){}`;

export function readDarkMode(): boolean {
  return document.documentElement.classList.contains('dark');
}

export function writeDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  try {
    localStorage.setItem(DARK_MODE_KEY, dark ? 'true' : 'false');
  } catch {
    // Private mode or storage disabled: the toggle still works for this page view.
  }
}
