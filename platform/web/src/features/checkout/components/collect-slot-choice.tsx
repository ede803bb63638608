// The pick-up slot of click and collect (CHK-05): a day first, among the days with a free slot,
// then one of that day's slots with the places each has left; a full slot is shown, not chosen.
// A week holds about 150 slots: one day at a time keeps the list short. Days and times are in the
// page's language and the network's time zone. The day shown is the page's own state; the machine
// holds only the slot chosen.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { CollectSlot } from '@transit-shop/flows/checkout/checkout.machine';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useCheckoutSelector, useCheckoutSend, useSlotPlaces } from '../hooks/use-checkout.tsx';

type SlotDay = { key: string; short: string; full: string; slots: CollectSlot[] };

function useSlotFormats() {
  const { i18n } = useTranslation();
  const { network } = useBootstrap();
  return useMemo(() => {
    const options = { timeZone: network.timeZone };
    // The calendar day in the network's time zone, as YYYY-MM-DD whatever the page's language.
    const key = new Intl.DateTimeFormat('en-CA', {
      ...options,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const short = new Intl.DateTimeFormat(i18n.language, {
      ...options,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    const full = new Intl.DateTimeFormat(i18n.language, { ...options, dateStyle: 'full' });
    const time = new Intl.DateTimeFormat(i18n.language, { ...options, timeStyle: 'short' });
    return {
      key: (iso: string) => key.format(new Date(iso)),
      short: (iso: string) => short.format(new Date(iso)),
      full: (iso: string) => full.format(new Date(iso)),
      time: (iso: string) => time.format(new Date(iso)),
    };
  }, [i18n.language, network.timeZone]);
}

/** The days with at least one slot not full, in the order of the slots. */
function useSlotDays(slots: readonly CollectSlot[]): SlotDay[] {
  const formats = useSlotFormats();
  return useMemo(() => {
    const byKey = new Map<string, SlotDay>();
    for (const slot of slots) {
      const key = formats.key(slot.start);
      const day = byKey.get(key);
      if (day) day.slots.push(slot);
      else
        byKey.set(key, {
          key,
          short: formats.short(slot.start),
          full: formats.full(slot.start),
          slots: [slot],
        });
    }
    return [...byKey.values()].filter((day) => day.slots.some((slot) => !slot.full));
  }, [slots, formats]);
}

export function CollectSlotChoice({ labelId }: { labelId: string }) {
  const { t } = useTranslation();
  const send = useCheckoutSend();
  const places = useSlotPlaces();
  const formats = useSlotFormats();
  const dayHeading = useId();
  const slots = useCheckoutSelector((snapshot) => snapshot.context.collectSlots);
  const chosen = useCheckoutSelector((snapshot) => snapshot.context.collectSlotStart);
  const days = useSlotDays(slots);
  const [picked, setPicked] = useState<string | null>(null);
  // The day picked, else the chosen slot's (a choice kept from before), else the first.
  const day =
    days.find((entry) => entry.key === picked) ??
    days.find((entry) => entry.slots.some((slot) => slot.start === chosen)) ??
    days[0];
  if (!day) return <Alert severity="info">{t('checkout.collect.noSlots')}</Alert>;
  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={day.key}
        aria-label={t('checkout.collect.dayLegend')}
        onChange={(_event, key: string | null) => {
          if (key) setPicked(key);
        }}
        // Separate buttons that wrap: a week does not fit on one line of a phone.
        sx={{
          flexWrap: 'wrap',
          gap: 1,
          mb: 2,
          '& .MuiToggleButtonGroup-grouped': {
            m: 0,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          },
        }}
      >
        {days.map((entry) => (
          <ToggleButton key={entry.key} value={entry.key} sx={{ textTransform: 'none' }}>
            {entry.short}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography
        id={dayHeading}
        variant="h2"
        component="h2"
        sx={{ typography: 'subtitle1', fontWeight: 600, mb: 1 }}
      >
        {day.full}
      </Typography>
      <RadioGroup
        aria-labelledby={`${labelId} ${dayHeading}`}
        name="slot"
        value={chosen ?? ''}
        onChange={(event) => send({ type: 'CHOOSE_SLOT', slotStart: event.target.value })}
        // Columns of equal width, so the slots line up whatever the length of their text.
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))',
          columnGap: 2,
        }}
      >
        {day.slots.map((slot) => {
          const left = places.get(slot.start);
          return (
            <FormControlLabel
              key={slot.start}
              value={slot.start}
              disabled={slot.full}
              control={<Radio />}
              label={
                <span>
                  {t('checkout.collect.slot', {
                    start: formats.time(slot.start),
                    end: formats.time(slot.end),
                  })}
                  <Box component="span" sx={{ color: 'text.secondary', marginInlineStart: 1 }}>
                    {slot.full
                      ? t('checkout.collect.full')
                      : left === undefined
                        ? ''
                        : t('checkout.collect.placesLeft', { count: left })}
                  </Box>
                </span>
              }
            />
          );
        })}
      </RadioGroup>
    </>
  );
}
