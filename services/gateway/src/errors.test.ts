import { AppError } from '@gavel/contracts';
import { describe, expect, it } from 'vitest';
import { errorResponse, MESSAGES } from './errors.js';

describe('errorResponse', () => {
  it('maps AppError codes to statuses and keeps message and field errors', () => {
    expect(errorResponse(new AppError('conflict', 'Taken.'))).toEqual({
      status: 409,
      body: { message: 'Taken.' },
      unexpected: false,
    });
    expect(errorResponse(new AppError('rule_broken', 'No.', { name: ['Bad.'] })).body).toEqual({
      message: 'No.',
      errors: { name: ['Bad.'] },
    });
    expect(errorResponse(new AppError('unavailable', 'Down.')).status).toBe(503);
  });

  it('hides anything unexpected behind a 500 without details', () => {
    const answer = errorResponse(new Error('SELECT * FROM secrets failed at line 3'));
    expect(answer).toEqual({ status: 500, body: { message: MESSAGES.internal }, unexpected: true });
  });

  it('answers request errors with a fitting message', () => {
    const bad = Object.assign(new Error('x'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    expect(errorResponse(bad)).toMatchObject({ status: 400, body: { message: MESSAGES.badJson } });
    const big = Object.assign(new Error('x'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(errorResponse(big)).toMatchObject({ status: 413, body: { message: MESSAGES.tooLarge } });
  });
});
