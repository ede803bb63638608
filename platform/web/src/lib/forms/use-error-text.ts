// Says what went wrong in the visitor's language: every code of the sdk's error catalogue has its
// message under apiErrors; a code this build does not know gets the default one. A wait the
// backend asks for (locked account, verification email, rate limit) is said as a time of day, with
// its date when it ends on another day (a card's tries, a day's links).
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
  const formatDate = useFormatDate();
  return (error: unknown, now: Date = new Date()): string => {
    if (!isAppError(error)) return t('apiErrors.GENERIC_ERROR');
    const key = i18n.exists(`apiErrors.${error.code}`)
      ? `apiErrors.${error.code}`
      : `apiErrors.${DEFAULT_ERROR_CODE}`;
    const text = t(messageKey(key));
    const wait = error.details?.retryAfterSeconds;
    if (wait === undefined || wait <= 0) return text;
    const retry = new Date(now.getTime() + wait * 1000);
    const time = formatTime(retry);
    const sameDay = formatDate(retry) === formatDate(now);
    return `${text} ${sameDay ? t('auth.retryAt', { time }) : t('auth.retryOn', { date: formatDate(retry), time })}`;
  };
}
