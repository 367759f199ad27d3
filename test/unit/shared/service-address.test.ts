import { describe, expect, it } from 'vitest';
import { serviceAddressProblem } from '../../../src/shared/default-service-url.js';

describe('serviceAddressProblem (where the key and token may be sent)', () => {
  it('https anywhere', () => {
    expect(serviceAddressProblem('https://agent.example.com')).toBeNull();
    expect(serviceAddressProblem('https://10.0.0.5:8443/')).toBeNull();
  });

  it('plain http to this machine only: localhost, 127.0.0.0/8, [::1]', () => {
    for (const url of [
      'http://localhost:8787',
      'http://127.0.0.1:8787',
      'http://127.1.2.3',
      'http://127.1:8787',
      'http://[::1]:8787',
      'http://[0:0:0:0:0:0:0:1]:8787',
    ])
      expect(serviceAddressProblem(url), url).toBeNull();
  });

  it('plain http elsewhere is refused with a sentence that says why', () => {
    for (const url of [
      'http://agent.example.com',
      'http://10.0.0.5:8787',
      'http://128.0.0.1',
      'http://localhost.example.com',
      'http://127.0.0.1.nip.io',
      'http://[::2]',
      'http://[::ffff:127.0.0.1]',
    ])
      expect(serviceAddressProblem(url), url).toMatch(/must start with https:\/\//);
  });

  it('anything else is no service address', () => {
    expect(serviceAddressProblem('ftp://agent.example.com')).toMatch(/https:\/\//);
    expect(serviceAddressProblem('agent.example.com')).toMatch(/https:\/\//);
  });
});
