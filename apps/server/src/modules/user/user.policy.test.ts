import { describe, expect, it } from 'vitest';
import { mayRefer } from './user.policy.ts';

describe('referring new users', () => {
  it('is for users the platform granted it', () => {
    expect(() => mayRefer({ isRecommended: 1 })).not.toThrow();
    expect(() => mayRefer({ isRecommended: 0 })).toThrow(
      expect.objectContaining({ code: 999, message: '您还没有推荐资格，如需开通请联系客服' }),
    );
  });
});
