/**
 * JDBC URLs may carry the password as a parameter (`?password=` or `;password=`). The stored URL
 * must not, since URLs are returned by read operations: the password moves to the encrypted
 * secret and the parameter is dropped from the URL.
 */
const PASSWORD_PARAM = /([?&;])password=([^&;]*)/i;

export function splitUrlPassword(url: string): { url: string; password?: string } {
  let cleaned = url;
  let password: string | undefined;
  for (let match = PASSWORD_PARAM.exec(cleaned); match; match = PASSWORD_PARAM.exec(cleaned)) {
    const [whole, separator, value] = match;
    const before = cleaned.slice(0, match.index);
    const after = cleaned.slice(match.index + whole.length);
    // `?password=x&b=2` hands its `?` to what follows; `&` and `;` separators simply go.
    cleaned =
      separator === '?'
        ? before + (after.startsWith('&') ? `?${after.slice(1)}` : after)
        : before + after;
    password ??= safeDecode(value);
  }
  return password === undefined ? { url } : { url: cleaned, password };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
