// /maintenance: the maintenance page with the estimated end of the current maintenance alert.
import { MaintenancePage } from '../../features/alerts/components/maintenance-page.tsx';
import { useFlagAlert } from '../../features/alerts/hooks/use-alerts.ts';
import { WithQueryClient } from '../../lib/query-client.tsx';

function CurrentMaintenance() {
  return <MaintenancePage alert={useFlagAlert('MAINTENANCE')} />;
}

export function Component() {
  return (
    <WithQueryClient>
      <CurrentMaintenance />
    </WithQueryClient>
  );
}
