import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig, ZServiceConfig } from './config.js';

describe('loadConfig', () => {
  it('applies local defaults and coerces numbers', () => {
    const config = loadConfig(ZServiceConfig, { HEALTH_PORT: '9101' });
    expect(config.HEALTH_PORT).toBe(9101);
    expect(config.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(config.DATABASE_URL).toMatch(/^postgres:\/\//);
    expect(config.SUBJECT_PREFIX).toBe('');
  });

  it('names a missing variable', () => {
    expect(() => loadConfig(ZServiceConfig, {})).toThrowError(/HEALTH_PORT is missing/);
  });

  it('treats an empty value as missing', () => {
    expect(() => loadConfig(ZServiceConfig, { HEALTH_PORT: '' })).toThrowError(/HEALTH_PORT is missing/);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig(ZServiceConfig, { HEALTH_PORT: 'abc', NATS_URL: 'not a url', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/HEALTH_PORT is invalid/);
      expect(problems).toMatch(/NATS_URL is invalid/);
      expect(problems).toMatch(/LOG_LEVEL is invalid/);
    }
  });

  it('rejects a subject prefix that could break subjects', () => {
    expect(() => loadConfig(ZServiceConfig, { HEALTH_PORT: '1', SUBJECT_PREFIX: 'a.b' })).toThrowError(
      /SUBJECT_PREFIX is invalid/,
    );
  });

  it('extends for a service of its own', () => {
    const schema = ZServiceConfig.extend({ SMTP_URL: z.string().url() });
    expect(() => loadConfig(schema, { HEALTH_PORT: '1' })).toThrowError(/SMTP_URL is missing/);
  });
});
