/**
 * A class group's invite code as typed or pasted (issue 39): the code of a whole `/join/<code>` link, or
 * the text itself, without spaces or dashes, upper-cased (codes are case-insensitive on the server); ''
 * when there is nothing.
 */
export function codeFromInput(input: string): string {
  const text = input.trim();
  const fromLink = /\/join\/([^/?#\s]+)/.exec(text)?.[1];
  return (fromLink ?? text).replace(/[\s-]/g, '').toUpperCase();
}

/** Whether a typed code can be one at all (the server's codes are 8 letters and digits; it decides the rest). */
export const looksLikeInviteCode = (code: string) => /^[A-Z0-9]{4,32}$/.test(code);
