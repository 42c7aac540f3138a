import { describe, expect, it } from 'vitest';
import { javaDoubleToString } from './java_double';

describe("Java's Double.toString", () => {
  it.each([
    [0, '0.0'],
    [-0, '-0.0'],
    [1, '1.0'],
    [-2.25, '-2.25'],
    [100, '100.0'],
    [0.001, '0.001'],
    [0.0001, '1.0E-4'],
    [9999999, '9999999.0'],
    [1e7, '1.0E7'],
    [12345678.9, '1.23456789E7'],
    [1.5e300, '1.5E300'],
    [Infinity, 'Infinity'],
  ])('%s', (value, text) => {
    expect(javaDoubleToString(value)).toBe(text);
  });
});
