import { describe, expect, it } from 'vitest';
import { splitPayment } from './split.ts';

describe('splitting a payment', () => {
  it('gives the lecturer 70% rounded down to the fen and the platform the rest', () => {
    expect(splitPayment(9900, { shareRate: 70, referralRate: 0 })).toEqual({
      lecturerProfit: 6930,
      referralReward: 0,
      platformProfit: 2970,
    });
    // 0.01 元 × 70% = 0.007 元: nothing for the lecturer, never a rounded-up fen
    expect(splitPayment(1, { shareRate: 70, referralRate: 0 })).toEqual({
      lecturerProfit: 0,
      referralReward: 0,
      platformProfit: 1,
    });
    expect(splitPayment(333, { shareRate: 33, referralRate: 10 })).toEqual({
      lecturerProfit: 109,
      referralReward: 33,
      platformProfit: 191,
    });
  });

  it('always adds up to the payment, and a reward never eats into the lecturer share', () => {
    for (const paid of [1, 7, 99, 12345, 19990, 99_999_99]) {
      for (const [shareRate, referralRate] of [
        [70, 10],
        [95, 10],
        [100, 100],
        [0, 0],
        [61, 39],
      ] as const) {
        const s = splitPayment(paid, { shareRate, referralRate });
        expect(s.lecturerProfit + s.referralReward + s.platformProfit).toBe(paid);
        expect(s.platformProfit).toBeGreaterThanOrEqual(0);
        expect(s.lecturerProfit).toBe(Math.floor((paid * shareRate) / 100));
      }
    }
    expect(splitPayment(1000, { shareRate: 95, referralRate: 10 })).toEqual({
      lecturerProfit: 950,
      referralReward: 50,
      platformProfit: 0,
    });
  });

  it('refuses amounts that are not whole fen', () => {
    expect(() => splitPayment(10.5, { shareRate: 70, referralRate: 0 })).toThrow(RangeError);
    expect(() => splitPayment(100, { shareRate: 101, referralRate: 0 })).toThrow(RangeError);
  });
});
