/** Masks a mainland mobile for display to others: 138****0001. */
export const maskMobile = (m: string): string => (m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m);

/** Only the first and last digits are ever shown again, even to the owner: a stolen session cannot read them. */
export const maskDigits = (v: string, head: number, tail: number): string =>
  v.length <= head + tail ? v : `${v.slice(0, head)}${'*'.repeat(v.length - head - tail)}${v.slice(-tail)}`;
