// How long an activated ticket stays valid, counted down each second; `onEnd` is told once per
// window, when a running countdown reaches zero. A new `until` (the next journey's window) starts
// a new countdown; the clock stops at the end.
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRemaining } from '../lib/format.ts';

export function Countdown({ until, onEnd }: { until: string; onEnd?: () => void }) {
  const { t, i18n } = useTranslation();
  const end = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());
  const endListener = useRef(onEnd);
  endListener.current = onEnd;
  useEffect(() => {
    setNow(Date.now());
    // A window already over when shown is not counted, nor told.
    if (Date.now() >= end) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current < end) return;
      clearInterval(timer);
      endListener.current?.();
    }, 1000);
    return () => clearInterval(timer);
  }, [end]);
  const left = end - now;
  if (left <= 0) return null;
  return (
    <Typography role="timer" aria-live="off" sx={{ typography: 'h6', fontVariantNumeric: 'tabular-nums' }}>
      {t('wallet.countdown', { time: formatRemaining(left, i18n.language) })}
    </Typography>
  );
}
