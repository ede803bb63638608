// The frame of a tunnel page: the step's heading, the item being bought, where the tunnel is (the
// pages shown so far, the current one last) and the way back (the previous step, or the item's
// page from the first). Focus starts at the step's heading. Once the tunnel is ready its cart lines are added and the cart shows.
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { TunnelSnapshot } from '@transit-shop/flows/tunnel/tunnel.machine';
import type { TunnelStep } from '@transit-shop/flows/tunnel/tunnel-rules';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../components/locale-link.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import type { TunnelActor } from '../../../lib/tunnel/tunnel-runtime.ts';
import { stepKeyOf } from '../step-key.ts';
import { useFinishTunnel } from '../use-finish-tunnel.ts';

export function TunnelFrame({
  actor,
  snapshot,
  step,
  children,
}: {
  actor: TunnelActor;
  snapshot: TunnelSnapshot;
  step: TunnelStep;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const errorText = useErrorText();
  const title = t(stepKeyOf(step));
  usePageTitle(title);
  const finish = useFinishTunnel(actor, snapshot);
  const { item, steps } = snapshot.context;
  // Each step is a page of its own, mounted afresh: the choice that led here is gone, so focus
  // starts again from the step's heading (the page is already at its top).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const back = () => {
    if (snapshot.can({ type: 'BACK' })) actor.send({ type: 'BACK' });
    else if (item) navigate(`/products/${item.shopItemId}`);
  };
  return (
    <Box sx={{ maxWidth: (theme) => theme.breakpoints.values.md, mx: 'auto', px: 2, py: { xs: 3, sm: 5 } }}>
      <Button
        startIcon={
          <ArrowBack sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />
        }
        onClick={back}
        sx={{ mb: 2 }}
      >
        {t('tunnel.back')}
      </Button>
      {item ? (
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>
          {t('tunnel.buying', { name: item.name })}
        </Typography>
      ) : null}
      <Typography variant="h1" component="h1" ref={heading} tabIndex={-1} sx={{ mb: 3, outline: 'none' }}>
        {title}
      </Typography>
      <Stepper
        activeStep={steps.length - 1}
        aria-label={t('tunnel.progress')}
        // On a phone the steps wrap: without connectors, none is left dangling at a row's start.
        sx={{
          mb: 3,
          flexWrap: 'wrap',
          rowGap: 1,
          columnGap: { xs: 2, sm: 0 },
          '& .MuiStepConnector-root': { display: { xs: 'none', sm: 'block' } },
        }}
      >
        {steps.map((shown) => (
          <Step key={shown} completed={shown !== step}>
            <StepLabel {...(shown === step ? { 'aria-current': 'step' as const } : {})}>
              {t(stepKeyOf(shown))}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      {finish.adding ? <LinearProgress aria-label={t('tunnel.adding')} sx={{ mb: 2 }} /> : null}
      {finish.failure ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(finish.failure)}
        </Alert>
      ) : null}
      {children}
    </Box>
  );
}
