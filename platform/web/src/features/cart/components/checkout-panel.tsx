// The confirmations checkout needs (CART-11: terms of sale, privacy, and the over-18 declaration
// unless the buyer's birthday says 18 or more, ACC-09) and the way to checkout, open only when the
// machine's checkout check passes (ROUTE-04); otherwise what is missing is listed.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { checkoutIssuesOf, isBuyerOver18 } from '@transit-shop/flows/cart/cart-selectors';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useCart } from '../../../lib/cart/use-cart.tsx';
import type { Buyer } from '../hooks/use-buyer.ts';

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

export function CheckoutPanel({ buyer, onNavigate }: { buyer: Buyer; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const issuesId = useId();
  const { selected: confirmations, send } = useCart(
    (snapshot) => snapshot.context,
    (a, b) =>
      a.termsAccepted === b.termsAccepted &&
      a.privacyAccepted === b.privacyAccepted &&
      a.over18Accepted === b.over18Accepted,
  );
  const { selected: adult } = useCart((snapshot) => isBuyerOver18(snapshot, buyer));
  const { selected: issues } = useCart((snapshot) => checkoutIssuesOf(snapshot, buyer), sameList);
  const blocked = issues.length > 0;
  return (
    <Box component="section" aria-labelledby={`${issuesId}-legend`}>
      <Typography id={`${issuesId}-legend`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('cart.confirmations.legend')}
      </Typography>
      <FormCheckbox
        name="terms"
        checked={confirmations.termsAccepted}
        onChange={(accepted) => send({ type: 'TERMS_CHANGED', accepted })}
        label={t('cart.confirmations.terms')}
      />
      <FormCheckbox
        name="privacy"
        checked={confirmations.privacyAccepted}
        onChange={(accepted) => send({ type: 'PRIVACY_CHANGED', accepted })}
        label={t('cart.confirmations.privacy')}
      />
      {adult ? null : (
        <FormCheckbox
          name="over18"
          checked={confirmations.over18Accepted}
          onChange={(accepted) => send({ type: 'OVER_18_CHANGED', accepted })}
          label={t('cart.confirmations.over18')}
        />
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1, typography: 'body2' }}>
        <Link component={LocaleLink} to={paths.termsOfUse} target="_blank">
          {t('cart.confirmations.readTerms')}
        </Link>
        <Link component={LocaleLink} to={paths.privacyPolicy} target="_blank">
          {t('cart.confirmations.readPrivacy')}
        </Link>
      </Box>
      <Button
        component={LocaleLink}
        to={paths.checkout}
        variant="contained"
        size="large"
        fullWidth
        disabled={blocked}
        aria-describedby={blocked ? issuesId : undefined}
        onClick={onNavigate}
        sx={{ mt: 2 }}
      >
        {t('cart.checkout.action')}
      </Button>
      {blocked ? (
        <Box id={issuesId} sx={{ mt: 1, typography: 'body2', color: 'text.secondary' }}>
          {t('cart.checkout.blocked')}
          <Box component="ul" sx={{ m: 0, paddingInlineStart: 3 }}>
            {issues.map((issue) => (
              <li key={issue}>{t(`cart.issues.${issue}`)}</li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
