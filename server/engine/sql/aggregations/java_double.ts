/**
 * Java's Double.toString, which OpenSearch uses for the keys of range buckets (`"1.0-5.0"`) and
 * of keyed numeric histograms: at least one fractional digit, and computerized scientific
 * notation outside [10^-3, 10^7). The digits are the shortest that round-trip, as in JavaScript
 * (and in Java since JDK 19).
 */
export function javaDoubleToString(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(value);
  if (abs >= 1e-3 && abs < 1e7) {
    const text = String(value);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa, exponent] = value.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}
