// Accounts (global: one account across partner networks) and the traveller profiles they hold.
import { APPEARANCES } from '@transit-shop/sdk/contract/enumerations';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The sdk's USER_STATUSES and ANONYMISED, which stays out of the contract on purpose: the withdrawal
 * period of a deletion ended and the row keeps only what orders need; no call answers such a user.
 */
export const userStatusEnum = pgEnum('user_status', ['ACTIVE', 'GUEST', 'PENDING_DELETION', 'ANONYMISED']);
export const appearanceEnum = pgEnum('appearance', APPEARANCES);

/** Customer numbers are ten digits, handed out in order, never reused. */
export const customerNumberSequence = pgSequence('customer_number_seq', { startWith: 1_000_000_001 });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The sign-in email (userMail); null for guests and for traveller profiles without a sign-in of their own. */
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    birthday: date('birthday', { mode: 'string' }),
    phoneNumber: text('phone_number'),
    addressRoute: text('address_route'),
    addressPostalCode: text('address_postal_code'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    customerNumber: text('customer_number').notNull().default(sql`nextval('customer_number_seq')::text`),
    /** Where the shop writes to when it differs from the sign-in email. */
    contactEmail: text('contact_email'),
    appearance: appearanceEnum('appearance').notNull().default('SYSTEM'),
    dataSharingConsent: boolean('data_sharing_consent').notNull().default(false),
    locale: text('locale').notNull(),
    status: userStatusEnum('status').notNull().default('ACTIVE'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** When the last verification email went out (AUTH-11: a wait before the next one). */
    verificationEmailSentAt: timestamp('verification_email_sent_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /** Set on a traveller profile: the account holder it belongs to. */
    parentUserId: integer('parent_user_id').references((): AnyPgColumn => users.id),
    /** A traveller profile may be deactivated (ACC-05). */
    active: boolean('active').notNull().default(true),
    /** The transport card number a traveller profile was given (ACC-05). */
    cardNumber: text('card_number'),
    /** Key of the profile picture in file storage. */
    picturePath: text('picture_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_customer_number_key').on(table.customerNumber),
    index('users_parent_user_id_idx').on(table.parentUserId),
    // The deletion sweep looks only at accounts within their withdrawal period.
    index('users_pending_deletion_idx')
      .on(table.deletionRequestedAt)
      .where(sql`${table.status} = 'PENDING_DELETION'`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
