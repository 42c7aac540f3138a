/**
 * Turns what a user types in a search box into `simple_query_string` text (the syntax both OSD's
 * saved-objects `find({search})` and our hidden index understand). Each word also matches as a
 * prefix, so a list narrows while the user types ("inv" finds "investments"), as OSD's own
 * Saved Objects page does by appending `*`. Words are cut where the index's analyzer cuts them
 * ("top-funded" is "top* funded*"), since a prefix with a hyphen in it matches no indexed word;
 * quoted phrases stay as typed. Operator characters are read as separators, not operators.
 */
export function searchText(q: string | undefined): string | undefined {
  const tokens = (q ?? '').match(/"[^"]*"|[\p{L}\p{N}_]+/gu) ?? [];
  if (tokens.length === 0) return undefined;
  return tokens.map((token) => (token.startsWith('"') ? token : `${token}*`)).join(' ');
}
