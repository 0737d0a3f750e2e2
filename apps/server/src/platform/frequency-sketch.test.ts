import { expect, test } from 'vitest';
import { FrequencySketch } from './frequency-sketch.ts';

test('counts asks per key, never below the true count, and fades them by halving', () => {
  const sketch = new FrequencySketch(100);
  for (let i = 0; i < 7; i++) sketch.add('python 入门');
  sketch.add('java');
  expect(sketch.of('python 入门')).toBe(7);
  expect(sketch.of('java')).toBe(1);
  expect(sketch.of('never asked')).toBe(0);
  // a few hundred other keys asked once each do not make the popular one less popular than it was
  for (let i = 0; i < 300; i++) sketch.add(`key ${i}`);
  expect(sketch.of('python 入门')).toBeGreaterThanOrEqual(7);
  // after the sample (10 asks a key), every count is halved
  for (let i = 0; i < 700; i++) sketch.add(`other ${i % 50}`);
  expect(sketch.of('python 入门')).toBeLessThan(7);
  expect(sketch.of('python 入门')).toBeGreaterThanOrEqual(3);
});

test('a count stops at 15', () => {
  const sketch = new FrequencySketch(1000);
  for (let i = 0; i < 40; i++) sketch.add('k');
  expect(sketch.of('k')).toBe(15);
});
