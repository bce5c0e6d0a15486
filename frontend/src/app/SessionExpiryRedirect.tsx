import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setSessionExpiredHandler } from '../api/client';
import { paths } from '../config/paths';

/** Lets the fetch wrapper send a 301 to /sessionout through the router (spec 8). */
export function SessionExpiryRedirect() {
  const navigate = useNavigate();
  useEffect(() => setSessionExpiredHandler(() => navigate(paths.sessionOut.href(), { replace: true })), [navigate]);
  return null;
}
