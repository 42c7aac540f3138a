/**
 * The one door every user-visible string goes through, shaped like OSD's
 * `i18n.translate(id, { defaultMessage, values })` so moving to `@osd/i18n` later is a rename.
 * Each feature keeps its messages in its own `strings.ts`, built with this function.
 */
export interface TranslateOptions {
  defaultMessage: string;
  /** Substituted for `{name}` placeholders in the message. */
  values?: Record<string, string | number>;
}

export function translate(id: string, { defaultMessage, values }: TranslateOptions): string {
  void id; // The id is the key a translation catalogue will use; English is the default message.
  if (!values) return defaultMessage;
  return defaultMessage.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole
  );
}
