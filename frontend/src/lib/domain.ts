// Spec 5.1: labels of letters, digits, hyphen and underscore (1 to 63 characters each),
// ending with a top-level domain of 2 to 6 letters, and no leading '://'.
const domainPattern = /^(?:[A-Za-z0-9_-]{1,63}\.)+[A-Za-z]{2,6}$/;

export function isValidDomain(value: string): boolean {
  const domain = value.trim();
  return !domain.startsWith('://') && domainPattern.test(domain);
}
