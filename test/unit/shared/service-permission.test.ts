import { describe, expect, it } from 'vitest';
import { servicePermission } from '../../../src/shared/default-service-url.js';

describe('servicePermission (the host permission for a service origin)', () => {
  it('Chromium: the origin itself, port included', () => {
    expect(servicePermission('http://127.0.0.1:8787', false)).toBe('http://127.0.0.1:8787/*');
    expect(servicePermission('https://api.example.com', false)).toBe('https://api.example.com/*');
  });

  it('Firefox: the host without its port, which Firefox match patterns cannot hold', () => {
    expect(servicePermission('http://127.0.0.1:8787', true)).toBe('http://127.0.0.1/*');
    expect(servicePermission('https://api.example.com:8443', true)).toBe(
      'https://api.example.com/*',
    );
    expect(servicePermission('https://api.example.com', true)).toBe('https://api.example.com/*');
  });
});
