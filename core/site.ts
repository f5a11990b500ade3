/** Site-wide facts shown on pages. */
export const SUPPORT_EMAIL = 'support@memeforge.example';
