// Email address rule: the check GOV.UK Notify applies before it sends (notifications-utils,
// validate_email_address), so every address accepted here is one Notify will deliver to, and
// no more. It is deliberately not RFC 5322 in full: quoted local parts, IP-address domains and
// single-label domains ("name@localhost") are refused, as Notify refuses them.

/** The longest email address accepted (Notify's limit). */
const MAX_EMAIL_LENGTH = 320;

const LOCAL_PART = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const DOMAIN_TEXT = /^[^\s@/\\?#:[\]%]+$/;
const ASCII = /^[\x21-\x7e]+$/;
const HOSTNAME_LABEL = /^(xn|[a-z0-9]+)(-?-[a-z0-9]+)*$/i;
const TOP_LEVEL_LABEL = /^([a-z]{2,63}|xn--([a-z0-9]+-)*[a-z0-9]+)$/i;

// Internationalised domains ("bücher.de") are checked in their ASCII form, as Notify does.
// The WHATWG URL parser (in every browser and in Node.js) does the IDNA conversion.
function asciiDomain(domain: string): string | null {
  if (ASCII.test(domain)) return domain.toLowerCase();
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
}

/** True when the text (trimmed) is an email address GOV.UK Notify would accept. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH || email.includes('..')) return false;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (at < 1 || !LOCAL_PART.test(local)) return false;
  if (!DOMAIN_TEXT.test(domain) || domain.startsWith('.')) return false;
  const hostname = asciiDomain(domain);
  if (hostname === null || hostname.length > 253) return false;
  const labels = hostname.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= 63 && HOSTNAME_LABEL.test(label))) return false;
  return TOP_LEVEL_LABEL.test(labels[labels.length - 1] ?? '');
}
