import { Link } from '@remix-run/react';

export function NotFound() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-20 text-center">
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        Did you forget to add the page to the router? Check the URL, or head back to the{' '}
        <Link to="/" className="font-medium text-brand-700 underline dark:text-brand-400">
          home page
        </Link>
        .
      </p>
    </div>
  );
}
