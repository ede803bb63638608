// Stable message keys of the field rules (spec 01 §5, VAL-01..06): the web app translates them.
// The spec's own wording is kept beside the keys that have one. No schema library here.

export const VALIDATION_MESSAGES = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  unknownField: 'validation.unknownField',
  /** With params.minimum. */
  minLength: 'validation.minLength',
  /** With params.maximum. */
  maxLength: 'validation.maxLength',
  nameVowel: 'validation.name.vowel',
  nameDigit: 'validation.name.digit',
  nameCharacters: 'validation.name.characters',
  lastNameSameAsFirstName: 'validation.name.sameAsFirstName',
  email: 'validation.email.format',
  emailConfirmation: 'validation.email.confirmation',
  emailSameAsCurrent: 'validation.email.sameAsCurrent',
  passwordUppercase: 'validation.password.uppercase',
  passwordLowercase: 'validation.password.lowercase',
  passwordDigit: 'validation.password.digit',
  passwordSpecial: 'validation.password.special',
  passwordConfirmation: 'validation.password.confirmation',
  passwordSameAsCurrent: 'validation.password.sameAsCurrent',
  phone: 'validation.phone',
  date: 'validation.date',
  birthdayInFuture: 'validation.birthday.future',
  voucherMinLength: 'validation.voucher.minLength',
  termsRequired: 'validation.terms.required',
  privacyRequired: 'validation.privacy.required',
  pictureFile: 'validation.picture.file',
  pictureTooLarge: 'validation.picture.tooLarge',
  /** A summary under a form: some required field is empty. */
  formRequired: 'validation.form.required',
  /** A summary under a form: some field breaks a rule. */
  formInvalid: 'validation.form.invalid',
} as const;

export type ValidationMessage = (typeof VALIDATION_MESSAGES)[keyof typeof VALIDATION_MESSAGES];

/** The spec's own texts for the keys it words (VAL-03, VAL-05, VAL-06, VOUCH-01, ACC-04). */
export const VALIDATION_SPEC_TEXTS: Partial<Record<ValidationMessage, string>> = {
  [VALIDATION_MESSAGES.emailConfirmation]: 'Les emails ne sont pas identiques',
  [VALIDATION_MESSAGES.phone]: 'The phone number provided is incorrect',
  [VALIDATION_MESSAGES.voucherMinLength]: 'Le code doit comporter au moins 4 caractères',
  [VALIDATION_MESSAGES.formRequired]: 'not all required fields are filled',
  [VALIDATION_MESSAGES.formInvalid]: 'not all fields comply with the rules',
  [VALIDATION_MESSAGES.pictureFile]: 'Picture needs to be of type File',
};
