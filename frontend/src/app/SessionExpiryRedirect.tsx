import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setSessionExpiredHandler } from '../api/client';

/** Lets the fetch wrapper send a 301 to /sessionout through the router (spec 8). */
export function SessionExpiryRedirect() {
  const navigate = useNavigate();
  useEffect(() => setSessionExpiredHandler(() => navigate('/sessionout', { replace: true })), [navigate]);
  return null;
}
