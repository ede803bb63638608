// The global alert banner, and the MAINTENANCE alert the layout swaps every page for while it is
// displayed. A page rendered by the server carries its banner (decision 0035); the browser's clock
// and the beacon take over once it has hydrated.
import type { MaintenanceAlert } from '@transit-shop/sdk';
import { useEffect } from 'react';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { WithQueryClient } from '../../../lib/query-client.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useAlertsSettled, useFlagAlert } from '../hooks/use-alerts.ts';
import { AlertBanner, AlertMessage } from './alert-banner.tsx';

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

/** The banner the server rendered the page with, as it was: the render that hydrates matches it. */
function ServedAlert() {
  const { initialAlerts, servedAlertId } = useBootstrap();
  const alert = servedAlertId ? initialAlerts.find((candidate) => candidate.id === servedAlertId) : undefined;
  return <div data-alerts="pending">{alert ? <AlertMessage alert={alert} /> : null}</div>;
}

export default function AlertArea(props: AlertAreaProps) {
  // After hydration alerts follow the visitor's clock and the beacon: a kept page may be served
  // a while before an alert's window closes.
  const hydrated = useHydrated();
  if (!hydrated) return <ServedAlert />;
  return (
    <WithQueryClient>
      <AlertRegion {...props} />
    </WithQueryClient>
  );
}
