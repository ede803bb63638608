// Enumerations of spec 02 §4 and of the auth user that the account calls carry.
import { z } from 'zod';

/** PENDING_DELETION: within the withdrawal period after a deletion request (spec 01 §4). */
export const USER_STATUSES = ['ACTIVE', 'GUEST', 'PENDING_DELETION'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** The appearance saved with the account (THEME-01); the same values as the theme cookie's. */
export const APPEARANCES = ['LIGHT', 'DARK', 'SYSTEM'] as const;
export const appearanceSchema = z.enum(APPEARANCES);

/** Order origin types, also sent at login as originType. */
export const ORIGIN_TYPES = ['APP', 'ESHOP', 'SCHOOL', 'RETAIL'] as const;
export const originTypeSchema = z.enum(ORIGIN_TYPES);
export type OriginType = z.infer<typeof originTypeSchema>;

/** What an emailed action code does (Actions/useCode). */
export const ACTION_TYPES = [
  'LEGACY_PASSWORD_CHANGE',
  'LEGACY_EMAIL_VERIFICATION',
  'LEGACY_ACCOUNT_ANONYMIZATION',
] as const;
export const actionTypeSchema = z.enum(ACTION_TYPES);
export type ActionType = z.infer<typeof actionTypeSchema>;
