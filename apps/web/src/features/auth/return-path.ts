import { safeReturnPath } from '@lingxi/shared/rules';
import { paths } from '@/config/paths';

/**
 * Where to go after signing in (issue 19 "never stranded"): the page ProtectedRoute sent the visitor from (router
 * state), else a `from` query parameter (it survives a WeChat authorization's full-page round trip), else home. Only a
 * path on this site is ever followed (safeReturnPath), and never back to a sign-in page.
 */
export function signInReturnPath(state: unknown, search = ''): string {
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  const candidate = from?.pathname ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : new URLSearchParams(search).get('from');
  const safe = safeReturnPath(candidate);
  if (!safe) return paths.home;
  const pathname = safe.split(/[?#]/)[0];
  return pathname === paths.login || pathname === paths.register || pathname === paths.bindPhone ? paths.home : safe;
}

/**
 * Where a person who just signed in goes: an account without a phone (a new WeChat person) is offered /bind-phone
 * first, carrying the return path along; anyone else goes straight back.
 */
export function signedInDestination(user: { phone: string | null }, state: unknown, search = ''): string {
  const back = signInReturnPath(state, search);
  if (user.phone) return back;
  return back === paths.home ? paths.bindPhone : `${paths.bindPhone}?from=${encodeURIComponent(back)}`;
}
