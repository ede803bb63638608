// The alerts to show now: re-evaluated against the clock so windows open and close on time.

import { useQuery } from '@tanstack/react-query';
import { type MaintenanceAlert, selectFlagAlert, selectGlobalAlert } from '@transit-shop/sdk';
import { useEffect, useState } from 'react';
import { ALERT_CLOCK_TICK_MS } from '../../../config/constants.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { getAlertsQueryOptions } from '../api/get-alerts.ts';

function useNow(tickMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}

function useAlerts(): { alerts: MaintenanceAlert[]; now: Date } {
  const bootstrap = useBootstrap();
  const { data } = useQuery(getAlertsQueryOptions(bootstrap.alertSources, bootstrap.network.id));
  return { alerts: data ?? bootstrap.initialAlerts, now: useNow(ALERT_CLOCK_TICK_MS) };
}

/** Whether the beacon has answered at least once (or given up silently). */
export function useAlertsSettled(): boolean {
  const bootstrap = useBootstrap();
  return useQuery(getAlertsQueryOptions(bootstrap.alertSources, bootstrap.network.id)).isFetched;
}

export function useGlobalAlert(): MaintenanceAlert | null {
  const { alerts, now } = useAlerts();
  return selectGlobalAlert(alerts, now);
}

export function useFlagAlert(flag: string): MaintenanceAlert | null {
  const { alerts, now } = useAlerts();
  return selectFlagAlert(alerts, flag, now);
}
