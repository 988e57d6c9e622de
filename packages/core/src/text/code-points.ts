/**
 * How many characters a text has as a player counts them: code points, so a letter outside the
 * Basic Multilingual Plane (`𠀋`, an emoji) is one, not the two UTF-16 units `length` counts.
 *
 * @example codePointLength('𠀋a') // 2
 */
export function codePointLength(text: string): number {
  let length = text.length;
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(at + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        at++;
      }
    }
  }
  return length;
}

/**
 * The first `count` code points of a text: a cut never splits a surrogate pair.
 *
 * @example cutCodePoints('a𠀋b', 2) // 'a𠀋'
 */
export function cutCodePoints(text: string, count: number): string {
  if (text.length <= count) return text;
  let end = 0;
  for (let taken = 0; taken < count && end < text.length; taken++) {
    const unit = text.charCodeAt(end);
    const next = text.charCodeAt(end + 1);
    end += unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
  return text.slice(0, end);
}
