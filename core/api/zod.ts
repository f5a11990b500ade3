import { z } from 'zod';

// Zod 4 compiles fast parsers with `new Function` when it can. The site's Content-Security-Policy forbids eval (and
// so does workerd), so every schema shared with the browser runs without it: import `z` from here, not from 'zod'.
z.config({ jitless: true });

export { z };
