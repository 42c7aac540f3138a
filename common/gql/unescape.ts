/**
 * The values of quoted tokens. Unknown backslash sequences are kept as written: a node's
 * `WHERE "..."` text is an OpenSearch query string, whose own escapes (`\:`, `\(`) must survive.
 * An unterminated token (`closed` false) is read up to the end of the text.
 */

/** `'it''s'`, `'it\'s'`, `'a\\b'`. */
export function unquoteSingle(image: string, closed = true): string {
  return body(image, closed).replace(/''|\\(['\\])/g, (_pair, escaped?: string) => escaped ?? "'");
}

/** `"say \"hi\""`, `"a\\b"`. */
export function unquoteDouble(image: string, closed = true): string {
  return body(image, closed).replace(/\\(["\\])/g, (_pair, escaped: string) => escaped);
}

/** `` `a``b` `` is the name a`b. */
export function unquoteBackquoted(image: string, closed = true): string {
  return body(image, closed).replace(/``/g, '`');
}

function body(image: string, closed: boolean): string {
  return closed ? image.slice(1, -1) : image.slice(1);
}
