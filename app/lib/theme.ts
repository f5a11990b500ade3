/** localStorage key and values of the dark-mode preference (docs/product.md §2). */
export const DARK_MODE_KEY = 'darkMode';

/** The system setting a visitor who never chose follows. */
export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Runs in <head> before first paint so a dark page never flashes light. Kept tiny and dependency-free;
 * it carries the per-request CSP nonce like Remix's own inline scripts (app/lib/security-headers.ts).
 * A stored choice ("true"/"false") wins; with none, the operating system's dark preference decides. Storage and
 * matchMedia are read apart, so a browser with storage switched off still follows the system.
 */
export const THEME_BOOT_SCRIPT =
  `(function(){var s=null;try{s=localStorage.getItem("${DARK_MODE_KEY}")}catch(e){}` +
  `var d=s==="true";if(s!=="true"&&s!=="false"){try{d=matchMedia("${SYSTEM_DARK_QUERY}").matches}catch(e){}}` +
  `if(d)document.documentElement.classList.add("dark")})()`;

export function readDarkMode(): boolean {
  return document.documentElement.classList.contains('dark');
}

/** The visitor's own choice, or null when they never chose (then the system preference applies). */
export function storedDarkMode(): boolean | null {
  try {
    const stored = localStorage.getItem(DARK_MODE_KEY);
    return stored === 'true' ? true : stored === 'false' ? false : null;
  } catch {
    return null;
  }
}

/** Applies a theme to this page view without storing it (the system preference changing under a visitor who never chose). */
export function applyDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
}

/** The visitor's choice: applied and stored, so it overrides the system preference from now on. */
export function writeDarkMode(dark: boolean): void {
  applyDarkMode(dark);
  try {
    localStorage.setItem(DARK_MODE_KEY, dark ? 'true' : 'false');
  } catch {
    // Private mode or storage disabled: the toggle still works for this page view.
  }
}
