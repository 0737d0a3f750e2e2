import { describe, expect, it } from 'vitest';
import { fenToYuan, formatMoney, yuanNumber } from './money.ts';

describe('money as text', () => {
  it('shows fen as yuan with the sign and two decimals by default', () => {
    expect(formatMoney(1250)).toBe('¥12.50');
    expect(formatMoney(1)).toBe('¥0.01');
    expect(formatMoney(-5)).toBe('-¥0.05');
    expect(formatMoney(29900)).toBe('¥299.00');
  });
  it('drops the sign where a label says 元, and the decimals of a whole price tag when asked', () => {
    expect(formatMoney(1990, { sign: false })).toBe('19.90');
    expect(formatMoney(19900, { trimWhole: true })).toBe('¥199');
    expect(formatMoney(1990, { trimWhole: true })).toBe('¥19.90');
  });
  it('never rounds through a float', () => {
    expect(fenToYuan(1005)).toBe('10.05');
    expect(fenToYuan(-12345)).toBe('-123.45');
    expect(yuanNumber(1990)).toBe(19.9);
  });
});
