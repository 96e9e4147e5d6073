// Every address the server sends a browser to is built from a path of this service, and a path
// taken from a request is sent back only when it is plain: `//host`, `/\host` and `..` segments
// with backslashes (`/status/..\..\\host`, which a browser resolves to `//host`) would lead off the
// service.

/** `path` when it is a plain path of this site (segments of letters, digits, `-` and `_`), otherwise `/`. */
export function localAddress(path: string): string {
  return /^(?:\/[A-Za-z0-9_-]+)+\/?$/.test(path) ? path : '/';
}
