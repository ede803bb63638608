// Loaded after the first paint: the global alert banner, and the switch to the maintenance page
// while a MAINTENANCE alert is displayed.
import { Navigate, useLocation } from 'react-router';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { WithQueryClient } from '../../../lib/query-client.tsx';
import { useAlertsSettled, useFlagAlert } from '../hooks/use-alerts.ts';
import { AlertBanner } from './alert-banner.tsx';

function MaintenanceRedirect() {
  const location = useLocation();
  const { locale, path } = splitLocale(location.pathname);
  const maintenance = useFlagAlert('MAINTENANCE');
  if (!maintenance || path === paths.maintenance) return null;
  return <Navigate to={localePath(locale, paths.maintenance)} replace />;
}

/** The banner's place; data-alerts says when the beacon has answered, for tests and tools. */
function AlertRegion() {
  const settled = useAlertsSettled();
  return (
    <div data-alerts={settled ? 'settled' : 'pending'}>
      <AlertBanner />
      <MaintenanceRedirect />
    </div>
  );
}

export default function AlertArea() {
  return (
    <WithQueryClient>
      <AlertRegion />
    </WithQueryClient>
  );
}
