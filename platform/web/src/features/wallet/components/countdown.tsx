// How long an activated ticket stays valid, counted down each second.
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRemaining } from '../lib/format.ts';

export function Countdown({ until, onEnd }: { until: string; onEnd?: () => void }) {
  const { t, i18n } = useTranslation();
  const end = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = end - now;
  const ended = left <= 0;
  useEffect(() => {
    if (ended) onEnd?.();
  }, [ended, onEnd]);
  if (ended) return null;
  return (
    <Typography
      role="timer"
      aria-live="off"
      sx={{ typography: 'h6', fontVariantNumeric: 'tabular-nums', color: 'success.main' }}
    >
      {t('wallet.countdown', { time: formatRemaining(left, i18n.language) })}
    </Typography>
  );
}
