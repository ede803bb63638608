// Promo codes: the entry (a code of at least 4 characters is sent, VOUCH-01; a shorter one is said,
// not sent) and each code the cart holds with what the last verification said of it: its discount,
// or why it does not apply (VOUCH-02), or that it is being checked.
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cartVouchersOf } from '@transit-shop/flows/cart/cart-selectors';
import { ORDER_VOUCHERS_MAX, VOUCHER_CODE_MAX_LENGTH } from '@transit-shop/sdk/contract/order';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useCart, useCartRuntime } from '../../../lib/cart/use-cart.tsx';
import { useFormatPrice } from '../../../lib/catalogue/format-price.ts';
import { useCartErrorText } from '../hooks/use-cart-error-text.ts';

const sameList = <T,>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((value, index) => JSON.stringify(value) === JSON.stringify(b[index]));

export function VoucherForm() {
  const { t } = useTranslation();
  const inputId = useId();
  const { actor } = useCartRuntime();
  const { network } = useBootstrap();
  const formatPrice = useFormatPrice(network.currency);
  const errorText = useCartErrorText();
  const { selected: vouchers, send } = useCart(cartVouchersOf, sameList);
  const { selected: discounts } = useCart((snapshot) => snapshot.context.discounts);
  const { selected: voucherError } = useCart((snapshot) => snapshot.context.voucherError);
  const [code, setCode] = useState('');
  const full = vouchers.length >= ORDER_VOUCHERS_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'ADD_VOUCHER', code });
    const { context } = actor.getSnapshot();
    // Taken: the field empties for the next code; refused: the code stays, to be corrected.
    if (context.voucherError === null && context.vouchers.some((held) => held === code.trim())) setCode('');
  };

  return (
    <Box component="section">
      <Typography id={`${inputId}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('cart.vouchers.title')}
      </Typography>
      {full ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('cart.vouchers.full')}
        </Typography>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            id={inputId}
            size="small"
            label={t('cart.vouchers.label')}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (voucherError) send({ type: 'DISMISS_ERROR' });
            }}
            error={voucherError !== null}
            helperText={
              voucherError
                ? t(voucherError.message, { maximum: voucherError.maximum ?? VOUCHER_CODE_MAX_LENGTH })
                : undefined
            }
            slotProps={{
              htmlInput: { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false },
            }}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined" sx={{ minHeight: 40 }}>
            {t('cart.vouchers.apply')}
          </Button>
        </Box>
      )}
      {vouchers.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'grid', gap: 1 }}>
          {vouchers.map((voucher) => {
            const discount = discounts.find((d) => d.sourceCode === voucher.code);
            return (
              <Box
                component="li"
                key={voucher.code}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  px: 1.5,
                  py: 0.5,
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} component="div">
                    {voucher.code}
                  </Typography>
                  {voucher.status === 'applied' ? (
                    <Typography variant="body2" sx={{ color: 'success.main' }}>
                      {[
                        discount?.label,
                        t('cart.vouchers.applied', { amount: formatPrice(discount?.amount ?? 0) }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography>
                  ) : voucher.status === 'refused' ? (
                    <Typography variant="body2" sx={{ color: 'error.main' }}>
                      {errorText(voucher.error ?? 'VOUCHER_NOT_APPLIED')}
                    </Typography>
                  ) : (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('cart.vouchers.pending')}
                    </Typography>
                  )}
                </Box>
                <IconButton
                  size="small"
                  aria-label={t('cart.vouchers.remove', { code: voucher.code })}
                  onClick={() => send({ type: 'REMOVE_VOUCHER', code: voucher.code })}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}
