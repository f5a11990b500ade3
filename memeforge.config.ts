/**
 * The operator's configuration: the one file to edit before the first deploy (docs/deploy.md, ADR 0143). The pages,
 * the share pages' Report link and the page titles read it (core/site.ts); `npm run deploy` reads it too, gives the
 * API Worker the site's origin (SITE_ORIGIN), attaches the domain to the Pages project, and refuses to deploy while a
 * value below is empty or a placeholder (a name under .example, .test, .invalid or .localhost, which no one can own).
 * The committed values are those placeholders: they keep `npm start` and the tests working with no setup.
 */
export default {
  /** Shown in page titles, the header and footer, and the cards of shared memes. */
  siteName: 'Memeforge',
  /** Where people write: the contact, help and privacy pages show it. It must reach someone who answers. */
  contactEmail: 'support@memeforge.example',
  /** Where take-down requests go: every share page's Report link writes here (docs/deploy.md, reported share links). */
  abuseEmail: 'abuse@memeforge.example',
  environments: {
    /** The site's own domain (no https://, no path), e.g. memes.example.org; the deploy adds it to the Pages project. */
    production: { domain: 'memeforge.example' },
    /** Staging's domain, or '' to use its pages.dev address (https://memeforge-staging.pages.dev). */
    staging: { domain: '' },
  },
};
