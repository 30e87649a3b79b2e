import { describe, expect, it } from 'vitest';
import { codeFailed } from '#client/components/forms/form-feedback.ts';
import { loginFailed, resetFailed, signUpFailed } from './auth-feedback.ts';

describe('loginFailed', () => {
  it("maps the provider's wrong-credentials answers to the spec's text", () => {
    const expected = { title: 'Login Failed', description: 'Invalid email or password. Please try again.' };
    expect(loginFailed({ status: 400, message: 'Invalid login credentials' })).toMatchObject(expected);
    expect(loginFailed({ status: 401, message: 'Invalid email or password' })).toMatchObject(expected);
    expect(loginFailed({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' })).toMatchObject(expected);
  });

  it('shows any other provider message as it is', () => {
    expect(loginFailed({ status: 403, message: 'Email not verified' })).toEqual({
      title: 'Login Failed',
      description: 'Email not verified',
      variant: 'destructive',
    });
  });

  it('turns a 429 into a clear rate-limit toast carrying the server message', () => {
    const message = 'Too many attempts. Please wait 42 seconds and try again.';
    expect(loginFailed({ status: 429, message })).toMatchObject({ title: 'Too many attempts', description: message });
  });
});

describe('signUpFailed', () => {
  it("maps 'already registered' (message or code) to the spec's text", () => {
    const expected = {
      title: 'Sign Up Failed',
      description: 'This email is already registered. Please log in instead.',
    };
    expect(signUpFailed({ status: 422, message: 'User already registered' })).toMatchObject(expected);
    expect(signUpFailed({ status: 422, code: 'USER_ALREADY_EXISTS', message: 'User exists' })).toMatchObject(expected);
  });

  it('shows other messages under Sign Up Failed', () => {
    const message = 'This password is too common. Please choose a less common password.';
    expect(signUpFailed({ status: 400, message })).toMatchObject({ title: 'Sign Up Failed', description: message });
  });
});

describe('resetFailed and codeFailed', () => {
  it('keep the provider message, falling back to the status text', () => {
    expect(resetFailed({ status: 500, statusText: 'Internal Server Error' })).toMatchObject({
      title: 'Password Reset Failed',
      description: 'Internal Server Error',
    });
    expect(codeFailed('Code not accepted', { status: 400, message: 'Invalid OTP' })).toMatchObject({
      title: 'Code not accepted',
      description: 'Invalid OTP',
    });
  });
});
