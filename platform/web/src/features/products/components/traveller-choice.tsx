// For whom the article is (spec 01 §2 "choose a profile"): the signed-in holder or one of their
// active traveller profiles, those the item's age conditions leave out on the start day shown but
// not choosable. A visitor is invited to sign in to buy for a traveller.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import type { Traveller } from '../travellers.ts';

export function TravellerChoice({
  travellers,
  value,
  onChange,
}: {
  travellers: readonly Traveller[];
  value: number | null;
  onChange: (userId: number) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const noneId = useId();
  const noneEligible = travellers.every((traveller) => traveller.outOfAge);
  return (
    <FormControl error={noneEligible}>
      <FormLabel id={labelId}>{t('products.traveller.legend')}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={noneEligible ? noneId : undefined}
        name="traveller"
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {travellers.map((traveller) => (
          <FormControlLabel
            key={traveller.userId}
            value={String(traveller.userId)}
            control={<Radio />}
            disabled={traveller.outOfAge}
            label={
              <>
                {traveller.holder ? t('products.traveller.you', { name: traveller.name }) : traveller.name}
                {traveller.outOfAge ? (
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
                    {t('products.traveller.outOfAge')}
                  </Typography>
                ) : null}
              </>
            }
          />
        ))}
      </RadioGroup>
      {noneEligible ? (
        <FormHelperText id={noneId}>{t('products.traveller.noneEligible')}</FormHelperText>
      ) : null}
    </FormControl>
  );
}

/** A visitor buys without naming a traveller; signing in lets them choose one, then comes back here. */
export function VisitorTraveller() {
  const { t } = useTranslation();
  const location = useLocation();
  const back = new URLSearchParams({ redirect: `${location.pathname}${location.search}` });
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {t('products.traveller.visitor')}{' '}
      <Link component={LocaleLink} to={`${paths.auth}?${back}`}>
        {t('products.traveller.signIn')}
      </Link>
    </Typography>
  );
}
