/**
 * The service a build of the extension talks to unless the member enters another one in the popup
 * (wxt.config.ts; a host permission of the manifest, so it is fixed at build time). `npm start`
 * builds the extension and then runs the service with the same environment: without
 * WXT_DEFAULT_SERVICE_URL the extension points where that service listens, or where it says it is
 * reached (PUBLIC_URL), so a service on another PORT is found without a setting more.
 */
export function extensionServiceUrl(env: Record<string, string | undefined>): string {
  const given = env.WXT_DEFAULT_SERVICE_URL?.trim();
  if (given) return given.replace(/\/+$/, '');
  const publicUrl = env.PUBLIC_URL?.trim();
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const scheme = env.TLS_CERT_FILE?.trim() ? 'https' : 'http';
  return `${scheme}://${reachableHost(env.HOST?.trim() || '127.0.0.1')}:${env.PORT?.trim() || '8787'}`;
}

/**
 * The address a browser on this machine reaches a service listening on `host` by: a service on
 * every address (0.0.0.0, ::) is reached on loopback, which is also the one plain-http address the
 * extension accepts (src/shared/default-service-url.ts).
 */
function reachableHost(host: string): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (bare === '0.0.0.0' || bare === '::') return '127.0.0.1';
  return bare.includes(':') ? `[${bare}]` : bare;
}
