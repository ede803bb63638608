// /cart/collect, click and collect (CHK-05, CHK-06): the agency among the network's collect sites,
// then one of its pick-up slots (Collect/getSlots.json), a day first (collect-slot-choice.tsx).
// Tickets wait at the agency from 48 to 72 hours after the order. Slots that could not be loaded
// are asked for again from the slot section (the agency's radio is already chosen, so choosing it
// again would do nothing); Continue without a slot says the slot is missing.
// A guest goes back to the invoice email; a customer, to the cart.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { COLLECT_READY_HOURS, COLLECT_READY_MIN_HOURS } from '@transit-shop/sdk/contract/collect';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { useApiClient } from '../../../lib/api-client.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { collectSitesQueryOptions } from '../api/get-collect-sites.ts';
import { useCheckoutSelector, useCheckoutSend } from '../hooks/use-checkout.tsx';
import { CollectSlotChoice } from './collect-slot-choice.tsx';
import { StepBackButton } from './step-back-button.tsx';
import { StepError } from './step-error.tsx';

/** A legend styled as a heading stays so while a radio inside has the focus (MUI colours it primary). */
const LEGEND_SX = {
  typography: 'h6',
  color: 'text.primary',
  mb: 1,
  '&.Mui-focused': { color: 'text.primary' },
};

export function CollectStep() {
  const { t } = useTranslation();
  const send = useCheckoutSend();
  const client = useApiClient();
  const { network } = useBootstrap();
  const agencyLabel = useId();
  const slotLabel = useId();
  const sites = useQuery(collectSitesQueryOptions(client, network.id));
  const siteId = useCheckoutSelector((snapshot) => snapshot.context.collectSiteId);
  const loadingSlots = useCheckoutSelector((snapshot) => snapshot.matches({ collect: 'loadingSlots' }));
  const choosingSlot = useCheckoutSelector((snapshot) => snapshot.matches({ collect: 'choosingSlot' }));
  // An agency chosen whose slots are neither loading nor shown: loading them failed.
  const slotsFailed = useCheckoutSelector(
    (snapshot) => snapshot.matches({ collect: 'choosingAgency' }) && snapshot.context.collectSiteId !== null,
  );
  const error = useCheckoutSelector((snapshot) => snapshot.context.error);
  // CHK-05: the server's one code for a missing choice; what is missing is said.
  const slotMissing = error === 'COLLECT_AGENCY_MISSING' && siteId !== null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'CONFIRM_COLLECT' });
      }}
    >
      <Typography sx={{ mb: 1 }}>{t('checkout.collect.intro')}</Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('checkout.collect.availability', { from: COLLECT_READY_MIN_HOURS, to: COLLECT_READY_HOURS })}
      </Alert>
      {slotMissing ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('checkout.collect.slotMissing')}
        </Alert>
      ) : (
        // The slots' loading error is said in the slot section, beside the way to load them again.
        <StepError skip={() => slotsFailed} />
      )}
      <FormControl component="fieldset" sx={{ mb: 3, width: '100%' }}>
        <FormLabel component="legend" id={agencyLabel} sx={LEGEND_SX}>
          {t('checkout.collect.agency')}
        </FormLabel>
        {sites.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
        {sites.isError ? <FailureAlert failure={sites.error} /> : null}
        {sites.data ? (
          <RadioGroup
            aria-labelledby={agencyLabel}
            name="agency"
            value={siteId === null ? '' : String(siteId)}
            onChange={(event) => send({ type: 'CHOOSE_AGENCY', siteId: Number(event.target.value) })}
          >
            {sites.data.map((site) => (
              <FormControlLabel
                key={site.id}
                value={String(site.id)}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.5 } }}
                label={
                  <span>
                    <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      <bdi>{site.name}</bdi>
                    </Box>
                    <Box
                      component="span"
                      sx={{ display: 'block', color: 'text.secondary', typography: 'body2' }}
                    >
                      {/* The network's own text, in its own direction: "4 quai…" keeps its number first in Arabic. */}
                      <bdi>
                        {[
                          site.address.addressRoute,
                          `${site.address.addressPostalCode} ${site.address.addressCity}`,
                        ]
                          .filter((part) => part.trim() !== '')
                          .join(', ')}
                      </bdi>
                    </Box>
                    {site.openingHours ? (
                      <Box
                        component="span"
                        sx={{ display: 'block', color: 'text.secondary', typography: 'body2' }}
                      >
                        <bdi>{site.openingHours}</bdi>
                      </Box>
                    ) : null}
                  </span>
                }
              />
            ))}
          </RadioGroup>
        ) : null}
      </FormControl>
      {siteId !== null ? (
        <FormControl component="fieldset" sx={{ mb: 3, width: '100%' }}>
          <FormLabel component="legend" id={slotLabel} sx={LEGEND_SX}>
            {t('checkout.collect.slotLegend')}
          </FormLabel>
          {loadingSlots ? <LinearProgress aria-label={t('checkout.collect.loadingSlots')} /> : null}
          {choosingSlot ? <CollectSlotChoice labelId={slotLabel} /> : null}
          {slotsFailed ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => send({ type: 'CHOOSE_AGENCY', siteId })}>
                  {t('checkout.collect.reloadSlots')}
                </Button>
              }
            >
              {t('checkout.collect.slotsFailed')}
            </Alert>
          ) : null}
        </FormControl>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained">
          {t('checkout.continue')}
        </Button>
        <StepBackButton />
      </Box>
    </Box>
  );
}
