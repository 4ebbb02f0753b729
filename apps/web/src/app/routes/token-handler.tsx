import { Navigate } from 'react-router';
import { paths } from '@/config/paths';

/** UrlTokenGate has already taken the token from the address by the time this renders; only the hop home is left. */
export function TokenHandlerRoute() {
  return <Navigate to={paths.home} replace />;
}
