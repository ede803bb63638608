// Loaded after the first paint: the global alert banner, and the MAINTENANCE alert the layout
// swaps every page for while it is displayed.
import type { MaintenanceAlert } from '@transit-shop/sdk';
import { useEffect } from 'react';
import { WithQueryClient } from '../../../lib/query-client.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useAlertsSettled, useFlagAlert } from '../hooks/use-alerts.ts';
import { AlertBanner } from './alert-banner.tsx';

type AlertAreaProps = { onMaintenanceChange: (alert: MaintenanceAlert | null) => void };

/** Tells the layout, which is loaded before the alert client, when maintenance starts and ends. */
function MaintenanceWatch({ onMaintenanceChange }: AlertAreaProps) {
  const maintenance = useFlagAlert('MAINTENANCE');
  useEffect(() => {
    onMaintenanceChange(maintenance);
  }, [maintenance, onMaintenanceChange]);
  useEffect(() => () => onMaintenanceChange(null), [onMaintenanceChange]);
  return null;
}

/** The banner's place; data-alerts says when the beacon has answered, for tests and tools. */
function AlertRegion(props: AlertAreaProps) {
  const settled = useAlertsSettled();
  return (
    <div data-alerts={settled ? 'settled' : 'pending'}>
      <AlertBanner />
      <MaintenanceWatch {...props} />
    </div>
  );
}

export default function AlertArea(props: AlertAreaProps) {
  // Alerts are shown by the visitor's clock: a page the server rendered (decision 0034), maybe
  // hours before it is served, shows them once the browser has taken it over.
  const hydrated = useHydrated();
  if (!hydrated) return <div data-alerts="pending" />;
  return (
    <WithQueryClient>
      <AlertRegion {...props} />
    </WithQueryClient>
  );
}
