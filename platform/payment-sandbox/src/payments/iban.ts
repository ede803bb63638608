// IBAN checks of the SEPA mandate form: ISO 13616 shape and mod 97 check digits.

/** Capitals without spaces, the IBAN's electronic form. */
export const normaliseIban = (input: string) => input.replace(/\s/g, '').toUpperCase();

/** ISO 7064 mod 97-10 on the country code and check digits moved to the end, letters as 10-35. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = Number.parseInt(character, 36);
    remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/** Groups of four, as an IBAN is printed. */
export const formatIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');
