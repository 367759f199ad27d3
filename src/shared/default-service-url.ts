/** Set at build time from WXT_DEFAULT_SERVICE_URL (wxt.config.ts); unit tests run without it. */
declare const __DEFAULT_SERVICE_URL__: string | undefined;

export const DEFAULT_SERVICE_URL: string =
  typeof __DEFAULT_SERVICE_URL__ === 'string' ? __DEFAULT_SERVICE_URL__ : 'http://127.0.0.1:8787';

/** `http://host:port` of a service URL, or null when it is not an http(s) URL. */
export function serviceOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** This machine: `localhost`, 127.0.0.0/8 or [::1] (the URL parser has normalised the host). */
function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/**
 * Why the extension will not send the team's key and the member's token to this service address,
 * or null when it may: https everywhere, plain http only to this machine, where nothing crosses a
 * network on the way.
 */
export function serviceAddressProblem(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname)))
      return null;
  } catch {}
  return 'The service address must start with https:// (http:// only for this computer: localhost, 127.x.x.x or [::1]).';
}

/**
 * The host permission that lets the extension call a service origin. Firefox's match patterns take
 * no port: it grants `http://127.0.0.1:8787/*` and then matches no request with it, so every call
 * is refused as a cross-origin one (a CORS preflight the service does not answer). There the
 * permission names the host, any port; Chromium's names the origin, port included.
 */
export function servicePermission(origin: string, firefox: boolean): string {
  if (!firefox) return `${origin}/*`;
  const u = new URL(origin);
  return `${u.protocol}//${u.hostname}/*`;
}
