import { Navigate, Outlet } from 'react-router-dom';
import { useToken } from './token-store';

/** Spec 2: every route but sign-in needs a token; without one the operator goes to `/`. */
export function RequireToken() {
  const token = useToken();
  return token ? <Outlet /> : <Navigate to="/" replace />;
}
