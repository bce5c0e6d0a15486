import { appStorage } from '../../lib/app-storage';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout } from '../../api/auth';
import { forgetHeldToken } from '../../lib/credentials';
import { updateCurrentWebsite } from '../../api/website';
import { paths } from '../../config/paths';
import { reloadPage } from '../../lib/browser';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

/**
 * Spec 7: messages from the parent page, accepted only from the origins the status call
 * allows. ADD_OPPORTUNITY, OPEN_CONTACT_EDIT and CLOSE_TAB are accepted and ignored until
 * the screens they act on exist; the spec does not show their handling.
 */
export function ParentMessages() {
  const navigate = useNavigate();
  const { status } = useSession();
  const origins = status?.parentOrigins;

  useEffect(() => {
    if (!origins) return;
    const onMessage = (event: MessageEvent) => {
      if (!origins.includes(event.origin)) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      const message = data as { type?: unknown; websiteID?: unknown };
      if (message.type === 'WebsiteChange') {
        updateCurrentWebsite(Number(message.websiteID)).catch((error: Error) => toast('error', error.message));
      } else if (message.type === 'Logout') {
        logout()
          .catch(() => undefined)
          .finally(() => {
            appStorage.clear();
            forgetHeldToken();
            navigate(paths.sessionOut.href(), { replace: true });
          });
      } else if (message.type === 'MKM_Page_Reload') {
        reloadPage();
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origins, navigate]);

  return null;
}
