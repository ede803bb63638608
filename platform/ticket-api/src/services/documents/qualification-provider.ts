// The qualification provider port (decision 0033): a network may have documents of a type checked
// by a service of its own (a student register, say) from what the traveller typed beside the file.
// The service answers at once, refuses, or leaves the decision to the network's staff.

export type QualificationCheck = {
  readonly networkId: number;
  /** One of the network's qualificationValidationConfiguration providers. */
  readonly providerId: number;
  readonly documentTypeId: number;
  /** What the traveller typed: a student number, say. */
  readonly input: string;
  readonly now: Date;
};

export type QualificationVerdict =
  | { readonly verdict: 'ACCEPTED'; readonly startingAt: Date; readonly expiresAt: Date | null }
  | { readonly verdict: 'REFUSED'; readonly reason: string }
  | { readonly verdict: 'UNDECIDED' };

export type QualificationProvider = {
  check(input: QualificationCheck): Promise<QualificationVerdict>;
};

/** A provider that never decides: every document goes to the network's staff. */
export const undecidedProvider: QualificationProvider = {
  check: async () => ({ verdict: 'UNDECIDED' }),
};
