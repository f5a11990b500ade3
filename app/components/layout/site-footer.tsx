import { Link } from '@remix-run/react';
import { SITE_NAME } from '../../../core/site';

const COLUMNS = [
  {
    title: 'Tools',
    links: [
      { to: '/meme-generator', label: 'Meme Generator' },
      { to: '/tools/compress', label: 'Compress' },
      { to: '/tools/remove-bg', label: 'Remove Background' },
      { to: '/tools/resize', label: 'Resize' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/help', label: 'Help' },
      { to: '/tutorials', label: 'Tutorials' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/developers', label: 'API for developers' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-4">
        <div>
          <p className="font-bold text-slate-900 dark:text-white">{SITE_NAME}</p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Free meme maker and image toolbox. No watermark, no sign-up.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-sm text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-brand-400"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        {/* The server's year; the browser may disagree for a few hours around New Year, which React tolerates here. */}
        <span suppressHydrationWarning>© {new Date().getUTCFullYear()}</span> {SITE_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
