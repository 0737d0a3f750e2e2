/**
 * How a payment is divided, in integer fen: the lecturer's share (percent of what was paid, rounded down to the
 * fen), then the referrer's reward (percent of what was paid, rounded down, never more than what is left), and
 * the platform keeps the rest, so the three always add up to the payment.
 */
export interface Split {
  lecturerProfit: number;
  referralReward: number;
  platformProfit: number;
}

const percentOf = (fen: number, rate: number): number => {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
  if (!Number.isInteger(rate) || rate < 0 || rate > 100) throw new RangeError(`not a percent: ${rate}`);
  // fen * rate stays below 2^53 for any amount a gateway accepts; BigInt keeps the division exact beyond that too
  return Number((BigInt(fen) * BigInt(rate)) / 100n);
};

export function splitPayment(paidFen: number, rates: { shareRate: number; referralRate: number }): Split {
  const lecturerProfit = percentOf(paidFen, rates.shareRate);
  const referralReward = Math.min(percentOf(paidFen, rates.referralRate), paidFen - lecturerProfit);
  return { lecturerProfit, referralReward, platformProfit: paidFen - lecturerProfit - referralReward };
}
