// How long an activated ticket stays valid, counted down each second; `onEnd` is told once, when a
// running countdown reaches zero.
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRemaining } from '../lib/format.ts';

export function Countdown({ until, onEnd }: { until: string; onEnd?: () => void }) {
  const { t, i18n } = useTranslation();
  const end = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());
  const running = useRef(end > now);
  const endListener = useRef(onEnd);
  endListener.current = onEnd;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = end - now;
  const ended = left <= 0;
  useEffect(() => {
    if (!ended || !running.current) return;
    running.current = false;
    endListener.current?.();
  }, [ended]);
  if (ended) return null;
  return (
    <Typography role="timer" aria-live="off" sx={{ typography: 'h6', fontVariantNumeric: 'tabular-nums' }}>
      {t('wallet.countdown', { time: formatRemaining(left, i18n.language) })}
    </Typography>
  );
}
