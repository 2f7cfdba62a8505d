import { Navigate, useLocation } from 'react-router-dom';

/** The root path goes to /home and keeps the query string (and hash). */
export function RootRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/home', search, hash }} replace />;
}
