/**
 * A coin's letters in a grey disc: what the web app draws for a coin without a logo, as an image,
 * for when the route cannot get the logo. The grey is half transparent so it sits on both themes.
 * `letters` is one or two letters or digits (the route's schema), so it needs no escaping beyond
 * the XML characters, which it cannot contain; they are removed all the same.
 */
export function lettersAvatarSvg(letters: string): string {
  const text = letters.replace(/[<>&"']/g, '');
  const size = text.length > 1 ? 13 : 16;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">' +
    '<circle cx="16" cy="16" r="16" fill="#8080804d"/>' +
    `<text x="16" y="16" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${size}" font-weight="600" fill="#808080">${text}</text>` +
    '</svg>'
  );
}
