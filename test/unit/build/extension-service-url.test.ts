import { describe, expect, it } from 'vitest';
import { extensionServiceUrl } from '../../../scripts/extension-service-url.js';

/** The service a build of the extension points at (wxt.config.ts): the one `npm start` runs. */
describe('extensionServiceUrl', () => {
  it('is where the service listens, from the same PORT and HOST', () => {
    expect(extensionServiceUrl({})).toBe('http://127.0.0.1:8787');
    expect(extensionServiceUrl({ PORT: '9123' })).toBe('http://127.0.0.1:9123');
    expect(extensionServiceUrl({ HOST: 'localhost', PORT: '9123' })).toBe('http://localhost:9123');
    expect(extensionServiceUrl({ HOST: '::1', PORT: '9123' })).toBe('http://[::1]:9123');
  });
  it('reaches a service on every address by loopback, and over https when it speaks TLS', () => {
    expect(extensionServiceUrl({ HOST: '0.0.0.0' })).toBe('http://127.0.0.1:8787');
    expect(extensionServiceUrl({ HOST: '::' })).toBe('http://127.0.0.1:8787');
    expect(extensionServiceUrl({ TLS_CERT_FILE: 'cert.pem', PORT: '8443' })).toBe(
      'https://127.0.0.1:8443',
    );
  });
  it('takes PUBLIC_URL over the listening address, and WXT_DEFAULT_SERVICE_URL over both', () => {
    expect(extensionServiceUrl({ PORT: '9123', PUBLIC_URL: 'https://agent.example.com/' })).toBe(
      'https://agent.example.com',
    );
    expect(
      extensionServiceUrl({
        PORT: '9123',
        PUBLIC_URL: 'https://agent.example.com',
        WXT_DEFAULT_SERVICE_URL: 'http://127.0.0.1:18787',
      }),
    ).toBe('http://127.0.0.1:18787');
  });
});
