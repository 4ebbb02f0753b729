import { PRODUCT_NAME } from '@lingxi/shared/rules';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';

describe('web environment', () => {
  it('falls back to the defaults for absent and empty values', () => {
    expect(parseEnv({ VITE_API_BASE_URL: '' })).toEqual({
      productName: PRODUCT_NAME,
      apiBaseUrl: '/api',
      contactEmail: 'support@example.com',
      contactPhone: '400-000-0000',
    });
  });

  it('trims values and drops trailing slashes from the API base', () => {
    expect(parseEnv({ VITE_API_BASE_URL: ' https://api.example.com/api// ', VITE_PRODUCT_NAME: ' 灵犀 ' })).toMatchObject({
      apiBaseUrl: 'https://api.example.com/api',
      productName: '灵犀',
    });
  });

  it('names every bad value instead of starting with it', () => {
    expect(() => parseEnv({ VITE_CONTACT_EMAIL: 'not-an-email', VITE_PRODUCT_NAME: '   ' })).toThrow(
      'Invalid web environment variable(s): VITE_PRODUCT_NAME, VITE_CONTACT_EMAIL',
    );
  });
});
