// Says what went wrong in the visitor's language: every code of the sdk's error catalogue has its
// message under apiErrors; a code this build does not know gets the default one. A wait the
// backend asks for (locked account, verification email, rate limit) is said as a time of day.
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { DEFAULT_ERROR_CODE } from '@transit-shop/sdk/errors/error-codes';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../message-key.ts';

export function useFormatTime() {
  const { i18n } = useTranslation();
  return (date: Date) =>
    new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(date);
}

export function useFormatDate() {
  const { i18n } = useTranslation();
  return (date: Date) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(date);
}

export function useErrorText() {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatTime();
  return (error: unknown, now: Date = new Date()): string => {
    if (!isAppError(error)) return t('apiErrors.GENERIC_ERROR');
    const key = i18n.exists(`apiErrors.${error.code}`)
      ? `apiErrors.${error.code}`
      : `apiErrors.${DEFAULT_ERROR_CODE}`;
    const text = t(messageKey(key));
    const wait = error.details?.retryAfterSeconds;
    if (wait === undefined || wait <= 0) return text;
    return `${text} ${t('auth.retryAt', { time: formatTime(new Date(now.getTime() + wait * 1000)) })}`;
  };
}
