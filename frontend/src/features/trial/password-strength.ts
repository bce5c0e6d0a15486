/** 0 (too weak) to 4 (strong): length and the kinds of characters, as a guide while typing.
 * The server's validators (length, Django's common-password list) decide. */
export function passwordStrength(password: string): number {
  if (password.length < 8) return 0;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const long = password.length >= 14 ? 1 : 0;
  return Math.min(4, Math.max(1, kinds - 1 + long));
}
