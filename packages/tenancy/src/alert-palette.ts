// The theme colour a maintenance alert of each level is drawn in: a filled alert, its palette
// colour's `contrastText` on its `main`, in both schemes (the pair the contrast check covers).
import type { AlertLevel } from '@transit-shop/sdk/alerts/alert.schema';

export type AlertPalette = 'error' | 'warning' | 'info';

export const ALERT_LEVEL_PALETTE: Readonly<Record<AlertLevel, AlertPalette>> = {
  CRITICAL: 'error',
  DANGER: 'error',
  WARNING: 'warning',
  NOTICE: 'info',
  INFO: 'info',
};
