/**
 * Online/offline status for the shopper (SPEC §4 "Online/offline status is tracked"): while the
 * browser reports no connection a bar at the bottom of the window says so (role=status, so it
 * is announced without moving focus); when the connection returns the snackbar says "Du är
 * ansluten igen". Mounted once in the root; nothing is rendered while online.
 */
import { useEffect, useState } from 'react';
import { t } from '../../i18n/i18n';
import { notify } from './notifications';

/** The offline bar. */
export function OnlineStatus() {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    setOnline(navigator.onLine);
    const goOnline = () => {
      setOnline(true);
      notify({ key: 'online', mode: 'success', message: t('feedback.online') });
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, []);
  return (
    <div className="online-status" role="status">
      {online ? null : <p className="online-status__bar">{t('feedback.offline')}</p>}
    </div>
  );
}
