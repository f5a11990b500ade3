import { Link, useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { SIGNED_IN_HINT_COOKIE } from '../../../core/api/account-hint';

/** Whether this browser's readable hint says an account is signed in (the session itself is HttpOnly, ADR 0170). */
export const signedInHint = () =>
  document.cookie.split(';').some((c) => c.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=1`));

/**
 * The header's "Sign in" control, "Account" once signed in. Server-rendered as "Sign in" (the server does not read
 * cookies for pages); the hint is read after hydration and again on every navigation, so signing in or out shows at once.
 */
export function AccountLink({ className, testId = 'account-link' }: { className: string; testId?: string }) {
  const location = useLocation();
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    setSignedIn(signedInHint());
    const changed = () => setSignedIn(signedInHint());
    window.addEventListener('memeforge:account', changed);
    return () => window.removeEventListener('memeforge:account', changed);
  }, [location.key]);
  return (
    <Link to="/account" className={className} data-testid={testId}>
      {signedIn ? 'Account' : 'Sign in'}
    </Link>
  );
}
