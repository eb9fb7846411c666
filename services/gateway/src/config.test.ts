import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_ROOT, loadGatewayConfig } from './config.js';

describe('loadGatewayConfig', () => {
  it('has local defaults for everything', () => {
    const config = loadGatewayConfig({});
    expect(config).toMatchObject({
      HTTP_PORT: 8080,
      HOST: '0.0.0.0',
      HEALTH_PORT: 9100,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: '',
      REQUEST_TIMEOUT_MS: 5000,
      HTTP_REQUEST_TIMEOUT_MS: 120_000,
      HTTP_CONNECTION_TIMEOUT_MS: 60_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 72_000,
      SESSION_TTL_SECONDS: 43200,
      SESSION_MAX_AGE_SECONDS: 604_800,
      TRUST_PROXY: false,
      SUBJECT_PREFIX: '',
    });
    expect(config.WEB_ROOT).toBe(DEFAULT_WEB_ROOT);
    expect(DEFAULT_WEB_ROOT.replaceAll('\\', '/')).toMatch(/\/web\/dist$/);
  });

  it('reads flags and numbers', () => {
    const config = loadGatewayConfig({ TRUST_PROXY: 'true', HTTP_PORT: '0', REQUEST_TIMEOUT_MS: '250' });
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.HTTP_PORT).toBe(0);
    expect(config.REQUEST_TIMEOUT_MS).toBe(250);
    expect(loadGatewayConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('refuses a connection timeout that would cut off an answer still waiting for a service', () => {
    expect(() =>
      loadGatewayConfig({ REQUEST_TIMEOUT_MS: '5000', HTTP_CONNECTION_TIMEOUT_MS: '5000' }),
    ).toThrowError(/HTTP_CONNECTION_TIMEOUT_MS is invalid: must be greater than REQUEST_TIMEOUT_MS/);
    expect(
      loadGatewayConfig({ REQUEST_TIMEOUT_MS: '5000', HTTP_CONNECTION_TIMEOUT_MS: '5001' })
        .HTTP_CONNECTION_TIMEOUT_MS,
    ).toBe(5001);
    expect(() => loadGatewayConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrowError(/HTTP_REQUEST_TIMEOUT_MS/);
  });

  it('reads trusted proxies as addresses and ranges', () => {
    expect(loadGatewayConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
    ]);
    expect(() => loadGatewayConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrowError(/TRUST_PROXY is invalid/);
  });

  it('names bad variables', () => {
    expect(() => loadGatewayConfig({ TRUST_PROXY: 'maybe', REDIS_URL: 'nope' })).toThrowError(
      /TRUST_PROXY is invalid[\s\S]*REDIS_URL is invalid|REDIS_URL is invalid[\s\S]*TRUST_PROXY is invalid/,
    );
  });
});
