// The UTF-8 length of a string, as Apps Script's caches measure values: V8 in Apps Script has
// no TextEncoder or Buffer to ask, and a character count undercounts any non-ASCII text.

/** Bytes `text` takes in UTF-8; a lone surrogate counts as the 3 bytes of its replacement character. */
export const utf8Length = (text: string): number => {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
};
